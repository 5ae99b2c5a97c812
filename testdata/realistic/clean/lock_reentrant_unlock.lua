-- Release one level of a reentrant lock; the lock is deleted when the
-- owner's hold count drops to zero, and waiters are told on a channel.
--
-- KEYS[1]  lock hash
-- KEYS[2]  unlock notification channel (Pub/Sub channels are keys for
--          cluster routing, so it is declared)
-- ARGV[1]  owner id
-- ARGV[2]  lease in milliseconds to keep while still held
-- Returns 1 when fully released, 0 when still held, -1 when not the owner.
--
-- realistic: keys=rlock:{inventory-sync},rlock:{inventory-sync}:unlocked args=node-2:thread-17,30000
-- realistic: setup=HSET rlock:{inventory-sync} node-2:thread-17 2
local rcall = redis.call
local key = KEYS[1]
local channel = KEYS[2]
local owner = ARGV[1]
local lease = tonumber(ARGV[2])
if not lease then
  return redis.error_reply('ERR lease must be a number')
end

if rcall('HEXISTS', key, owner) == 0 then
  return -1
end
local left = rcall('HINCRBY', key, owner, -1)
if left > 0 then
  rcall('PEXPIRE', key, lease)
  return 0
end
rcall('DEL', key)
rcall('PUBLISH', channel, owner)
return 1
