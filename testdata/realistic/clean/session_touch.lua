-- Read a session and slide its expiry (sessions idle for longer than the
-- idle timeout die, but never live past their absolute deadline).
--
-- KEYS[1]  session hash (user, csrf, created, ...)
-- ARGV[1]  now, in seconds
-- ARGV[2]  idle timeout in seconds
-- ARGV[3]  absolute lifetime in seconds
-- Returns {user id, csrf token} or nil when the session does not exist.
--
-- realistic: keys=sess:{c0ffee} args=1700000000,1800,43200
-- realistic: setup=HSET sess:{c0ffee} user 42 csrf t0k3n created 1699990000
local rcall = redis.call
local key = KEYS[1]
local now = tonumber(ARGV[1])
local idle = tonumber(ARGV[2])
local lifetime = tonumber(ARGV[3])
if not now or not idle or not lifetime then
  return redis.error_reply('ERR now, idle timeout and lifetime must be numbers')
end

local fields = rcall('HMGET', key, 'user', 'csrf', 'created')
if not fields[1] then
  return nil
end
local created = tonumber(fields[3]) or now
local remaining = created + lifetime - now
if remaining <= 0 then
  rcall('DEL', key)
  return nil
end
rcall('EXPIRE', key, math.min(idle, remaining))
rcall('HSET', key, 'seen', now)
return {fields[1], fields[2]}
