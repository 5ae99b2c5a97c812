-- Acquire a lock and hand out a fencing token: a number that grows with
-- every successful acquisition, so storage can reject writes from a
-- holder whose lease silently expired (Kleppmann's fencing tokens).
--
-- KEYS[1]  lock key
-- KEYS[2]  fencing counter
-- ARGV[1]  owner token
-- ARGV[2]  lease in milliseconds
-- Returns the fencing token, or 0 when the lock is held by someone else.
--
-- realistic: keys=lock:{shard:3},fence:{shard:3} args=writer-9f2,15000
-- realistic: setup=SET fence:{shard:3} 41
local rcall = redis.call
local lock_key, fence_key = KEYS[1], KEYS[2]
local token = ARGV[1]
local lease = tonumber(ARGV[2])
if not lease or lease <= 0 then
  return redis.error_reply('ERR lease must be a positive number of milliseconds')
end

if not rcall('SET', lock_key, token, 'NX', 'PX', lease) then
  return 0
end
return rcall('INCR', fence_key)
