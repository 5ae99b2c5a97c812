-- Allocate a block of sequential ids (for a bulk import) and return them
-- as strings, so that ids beyond 2^53 would not lose precision in Lua.
--
-- KEYS[1]  id sequence
-- ARGV[1]  how many ids (1..500)
-- Returns the ids.
--
-- realistic: keys=seq:{import}:rows args=5
-- realistic: setup=SET seq:{import}:rows 1000
local rcall = redis.call
local key = KEYS[1]
local n = tonumber(ARGV[1])
if not n or n < 1 or n > 500 then
  return redis.error_reply('ERR count must be between 1 and 500')
end

local last = rcall('INCRBY', key, n)
local ids = {}
for i = n - 1, 0, -1 do
  ids[#ids + 1] = tostring(last - i)
end
return ids
