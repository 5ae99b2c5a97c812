-- Requeue every message of a processing list at once: reads the whole
-- list and pushes it back with one variadic RPUSH. Fine in tests; with a
-- backlog of ~8000 messages unpack fails ("too many results to unpack")
-- and the whole list is read in one go, blocking the server.
--
-- KEYS[1]  processing list
-- KEYS[2]  ready list
-- realistic: keys={q}:processing,{q}:ready
-- realistic: setup=RPUSH {q}:processing m1 m2 m3
local rcall = redis.call
local processing_key, ready_key = KEYS[1], KEYS[2]

local messages = rcall('LRANGE', processing_key, 0, -1) -- want: unbounded-read
if #messages == 0 then
  return 0
end
rcall('RPUSH', ready_key, unpack(messages)) -- want: unbounded-unpack
rcall('DEL', processing_key)
return #messages
