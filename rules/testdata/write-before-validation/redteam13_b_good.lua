local n = redis.call('ZREM', KEYS[1], ARGV[1])
if n < 1 then
  return redis.error_reply('no such member')
end
return n
