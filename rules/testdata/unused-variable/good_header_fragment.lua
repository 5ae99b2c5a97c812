-- A header a loader puts before each script body: it only binds the
-- script's inputs to locals, which the bodies read. Run alone it does
-- nothing, so its locals are exports, not unused.
local queue_key = KEYS[1]
local now = tonumber(ARGV[1])
local settings = cjson.decode(ARGV[2])
