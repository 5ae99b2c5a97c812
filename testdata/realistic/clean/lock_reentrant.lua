-- Reentrant lock in a hash (Redisson-style): field = owner id (thread or
-- task), value = hold count. The same owner may acquire again; other
-- owners wait for the lease to end.
--
-- KEYS[1]  lock hash
-- ARGV[1]  owner id
-- ARGV[2]  lease in milliseconds
-- Returns nil when acquired, else the remaining lease in milliseconds.
--
-- realistic: keys=rlock:{inventory-sync} args=node-2:thread-17,30000
-- realistic: setup=HSET rlock:{inventory-sync} node-2:thread-17 1
local rcall = redis.call
local key = KEYS[1]
local owner = ARGV[1]
local lease = tonumber(ARGV[2])
if not lease or lease <= 0 then
  return redis.error_reply('ERR lease must be a positive number of milliseconds')
end

if rcall('EXISTS', key) == 0 or rcall('HEXISTS', key, owner) == 1 then
  rcall('HINCRBY', key, owner, 1)
  rcall('PEXPIRE', key, lease)
  return nil
end
return rcall('PTTL', key)
