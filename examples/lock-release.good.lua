-- Release a lock, but only if the caller still owns it.
-- KEYS[1]: the lock key, e.g. lock:orders
-- ARGV[1]: the owner token the lock was taken with (SET key token NX PX ttl)
-- Returns 1 when the lock was released, 0 when it was missing or owned by
-- someone else.
local owner = redis.call('GET', KEYS[1])
if not owner then
  -- A missing key arrives as false, not nil.
  return 0
end
if owner ~= ARGV[1] then
  return 0
end
return redis.call('DEL', KEYS[1])
