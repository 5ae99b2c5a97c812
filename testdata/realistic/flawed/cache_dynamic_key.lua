-- Cache-aside read that builds its keys inside the script: the cache key
-- comes from ARGV and the hit counter is a literal key, so in a cluster
-- the script touches keys on other nodes and ACL key patterns never see
-- them.
--
-- ARGV[1]  product id
-- ARGV[2]  TTL in seconds for the negative-cache marker
-- realistic: args=42,30
local rcall = redis.call
local product = ARGV[1]
local ttl = tonumber(ARGV[2])
if not ttl then
  return redis.error_reply('ERR ttl must be a number')
end

local key = 'cache:product:' .. product
local value = rcall('GET', key) -- want: dynamic-key
if value then
  rcall('INCR', 'cache:stats:hits') -- want: hardcoded-key
  return value
end
rcall('SET', key, '__miss__', 'EX', ttl, 'NX') -- the same key as line 17: one finding there
rcall('INCR', 'cache:stats:misses') -- want: hardcoded-key
return false
