-- Assignments Redis 7+ rejects with "Attempt to modify a readonly table".
count = 1 -- want: global-assignment "assignment to global 'count'"
function helper() return 1 end -- want: global-assignment "global function 'helper'"
function table.extend(t) return t end -- want: global-assignment "'table.extend' modifies the read-only table 'table'"
string.x = 'y' -- want: global-assignment "string.x"
redis.call = nil -- want: global-assignment "redis.call"
cjson["encode"] = nil -- want: global-assignment "cjson.encode"
function string:trim() return self end -- want: global-assignment "string.trim"
KEYS = {} -- want: global-assignment "'KEYS'"
ARGV = {'x'} -- want: global-assignment "'ARGV'"
_G.total = 0 -- want: global-assignment "_G.total"
a, b = 1, 2 -- want: global-assignment, global-assignment
rawset(_G, 'y', 1) -- want: global-assignment "rawset(_G"
setmetatable(_G, nil) -- want: global-assignment "setmetatable(_G"

local function run()
  result = redis.call('GET', KEYS[1]) -- want: global-assignment "Attempt to modify a readonly table"
  return result
end

for i = 1, 3 do
  last = i -- want: global-assignment
end
-- A computed key on _G still creates a global.
local gname = 'dyn'
_G[gname] = 1 -- want: global-assignment "_G[...]"

return run()
