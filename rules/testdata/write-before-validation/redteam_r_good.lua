-- error after a write only in an unrelated early-return branch before it
if #ARGV < 2 then
  return redis.error_reply('usage')
end
local count = tonumber(ARGV[2])
if count == nil or count < 0 then error('bad count') end
redis.call('INCRBY', KEYS[1], count)
redis.call('EXPIRE', KEYS[1], 60)
return redis.call('GET', KEYS[1])
