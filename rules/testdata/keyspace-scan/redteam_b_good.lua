local page = redis.call('SSCAN', KEYS[1], ARGV[1], 'COUNT', 100)
local h = redis.call('HSCAN', KEYS[2], '0')
redis.call('HSET', KEYS[1], 'keys', 'scan')
redis.call('SET', KEYS[1], 'KEYS')
for i = 1, 3 do
  local r = redis.call('ZSCAN', KEYS[1], i)
end
return {page, h}
