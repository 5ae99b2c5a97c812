-- A write on the error path itself, after the check that decided the
-- error: the cleanup is the intended answer, not a half-applied change.
local now = tonumber(ARGV[1])
if not now then
  return redis.error_reply('ERR now must be a number')
end
local token = redis.call('HMGET', KEYS[1], 'user', 'expires_at')
if not token[1] then
  return redis.error_reply('NOTOKEN')
end
if (tonumber(token[2]) or 0) <= now then
  redis.call('DEL', KEYS[1])
  return redis.error_reply('EXPIRED token expired')
end
-- Several cleanup writes, through a loop and a local function, in an
-- elseif branch, before error().
local function forget(key)
  redis.call('UNLINK', key)
end
if redis.call('EXISTS', KEYS[2]) == 0 then
  return 0
elseif redis.call('HGET', KEYS[2], 'state') == 'revoked' then
  for i = 2, #KEYS do
    redis.call('DEL', KEYS[i])
  end
  forget(KEYS[1])
  do
    error('revoked')
  end
end
return token[1]
