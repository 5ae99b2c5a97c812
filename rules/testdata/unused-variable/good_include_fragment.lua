-- A script that pulls helpers in with include directives: its top-level
-- locals are upvalues for the included code (the helper reads 'eventsKey'),
-- so they are used even though nothing in this file reads them.
--- @include "helpers/emitEvent"

local eventsKey = KEYS[2]
local payload = ARGV[1]

redis.call("RPUSH", KEYS[1], ARGV[2])
emitEvent("queued")
return 1
