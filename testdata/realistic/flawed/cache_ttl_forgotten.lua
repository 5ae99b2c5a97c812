-- Cache fill that reads the TTL argument and then forgets to use it: SET
-- without EX, so cached entries never expire and the cache grows until
-- eviction (or OOM with noeviction).
--
-- KEYS[1]  cache key
-- ARGV[1]  value
-- ARGV[2]  TTL in seconds (default one hour)
-- realistic: keys=cache:{q:1} args=v,60
local rcall = redis.call
local key = KEYS[1]
local value = ARGV[1]
local ttl = tonumber(ARGV[2]) or 3600 -- want: unused-variable

if rcall('SET', key, value, 'NX') then
  return 1
end
return 0
