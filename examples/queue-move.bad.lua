-- Move every pending job of a queue to its active list.
-- KEYS[1]: the queue prefix, e.g. queue:{emails}
--
-- Problems:
--   * the list keys are built from KEYS[1]: cluster-safe only because of the
--     hash tag, and still invisible to ACL key patterns (derived-key)
--   * LRANGE 0 -1 reads the whole list, however long it is (unbounded-read)
--   * unpack() of that list overflows Lua's stack near 8000 jobs, and RPUSH
--     with no values fails when the list is empty (unbounded-unpack)
local pending = KEYS[1] .. ':pending'
local active = KEYS[1] .. ':active'

local jobs = redis.call('LRANGE', pending, 0, -1)
redis.call('RPUSH', active, unpack(jobs))
redis.call('DEL', pending)
return #jobs
