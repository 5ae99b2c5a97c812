-- By default no return value is a sentinel: -1 after a write is a result.
redis.call('LREM', KEYS[2], 0, KEYS[1])
if redis.call('EXISTS', KEYS[1]) == 0 then
  return -1
end
return 1
