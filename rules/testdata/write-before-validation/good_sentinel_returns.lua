-- Without sentinel-returns, a number returned after a write is a result:
-- no finding. With the option, a sentinel returned before the first write,
-- or a value that is not a sentinel, is none either.
-- fixture: option sentinel-returns=-1
if redis.call('EXISTS', KEYS[1]) == 0 then
  return -1
end
redis.call('HSET', KEYS[1], 'state', 'active')
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return -3
end
return 0
