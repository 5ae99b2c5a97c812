local ok = redis.call('SETNX', KEYS[1], ARGV[1])
if ok == 0 then
  return redis.error_reply('exists')
end
redis.call('EXPIRE', KEYS[1], 10)
local x = tonumber(ARGV[2]) -- conversion without an error path: not reported
return x
