-- Increment a metrics counter that expires with its bucket. The TTL is set
-- only when the counter is created, so increments never push the expiry
-- back (EXPIRE ... NX, Redis 7.0+).
--
-- KEYS[1]  counter (one per minute bucket)
-- ARGV[1]  increment
-- ARGV[2]  bucket lifetime in seconds
-- Returns the new count.
--
-- realistic: keys=metrics:{checkout}:errors:28903311 args=1,3600
local rcall = redis.call
local key = KEYS[1]
local by = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
if not by or by % 1 ~= 0 then
  return redis.error_reply('ERR increment must be an integer')
end
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR lifetime must be a positive number of seconds')
end

local count = rcall('INCRBY', key, by)
rcall('EXPIRE', key, ttl, 'NX')
return count
