-- Extend the lease of a lock the caller owns (a watchdog calls this every
-- lease/3 milliseconds while the work runs).
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- ARGV[2]  new lease in milliseconds
-- Returns 1 when extended, 0 when the caller no longer owns the lock.
--
-- realistic: keys=lock:{report:weekly} args=host-a:1234,45000
-- realistic: setup=SET lock:{report:weekly} host-a:1234 PX 10000
local rcall = redis.call
local key = KEYS[1]
local token = ARGV[1]
local lease = tonumber(ARGV[2])
if not lease or lease <= 0 then
  return redis.error_reply('ERR lease must be a positive number of milliseconds')
end

if rcall('GET', key) ~= token then
  return 0
end
return rcall('PEXPIRE', key, lease)
