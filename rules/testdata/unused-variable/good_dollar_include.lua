-- A script body assembled with a helper file by `-- $include(...)`: the
-- pasted helper may read locals this file declares for it.
-- $include(util.lua)
local queueKey = KEYS[1]
local now = tonumber(ARGV[1])
return process(now)
