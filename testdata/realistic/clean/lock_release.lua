-- Release a lock only when the caller still owns it: the classic
-- "compare token, then delete" that must be atomic.
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- Returns 1 when released, 0 when the lock expired or belongs to another
-- owner.
--
-- realistic: keys=lock:{order:1001} args=5f1c9a0e-worker-3
-- realistic: setup=SET lock:{order:1001} 5f1c9a0e-worker-3 PX 30000
local rcall = redis.call
local key = KEYS[1]
local token = ARGV[1]

local holder = rcall('GET', key)
if not holder or holder ~= token then
  return 0
end
return rcall('DEL', key)
