-- Validate an API token against its absolute expiry. An expired token is
-- deleted on the spot (so that the next lookup is a cheap miss) and the
-- caller gets an EXPIRED error: the delete is the intended reaction to a
-- check made before it, not a half-done update.
--
-- KEYS[1]  token hash {user, expires_at}
-- ARGV[1]  now, in seconds
-- Returns the user id, or an error.
--
-- realistic: keys=tok:{a1b2} args=1700000000
-- realistic: setup=HSET tok:{a1b2} user 42 expires_at 1800000000
local rcall = redis.call
local key = KEYS[1]
local now = tonumber(ARGV[1])
if not now then
  return redis.error_reply('ERR now must be a number')
end

local token = rcall('HMGET', key, 'user', 'expires_at')
if not token[1] then
  return redis.error_reply('NOTOKEN unknown token')
end
local expires_at = tonumber(token[2]) or 0
if expires_at <= now then
  rcall('DEL', key)
  return redis.error_reply('EXPIRED token expired')
end
return token[1]
