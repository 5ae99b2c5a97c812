-- Acquire a mutex with an owner token (Redlock single-instance form). The
-- token is random per acquirer so that only the owner can release or
-- extend the lock.
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- ARGV[2]  lease in milliseconds
-- Returns 1 when acquired (or already held by this owner, lease renewed),
-- else the remaining lease of the current holder in milliseconds as a
-- negative number.
--
-- realistic: keys=lock:{order:1001} args=5f1c9a0e-worker-3,30000
local rcall = redis.call
local key = KEYS[1]
local token = ARGV[1]
local lease = tonumber(ARGV[2])
if not token or token == '' then
  return redis.error_reply('ERR owner token required')
end
if not lease or lease <= 0 then
  return redis.error_reply('ERR lease must be a positive number of milliseconds')
end

if rcall('SET', key, token, 'NX', 'PX', lease) then
  return 1
end

local holder = rcall('GET', key)
if holder == token then
  rcall('PEXPIRE', key, lease)
  return 1
end
return -rcall('PTTL', key)
