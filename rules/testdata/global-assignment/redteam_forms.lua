count = 1 -- want: global-assignment
function helper() return 1 end -- want: global-assignment
function table.extend(t) return t end -- want: global-assignment
string.x = 5 -- want: global-assignment
local a
a, b = 1, 2 -- want: global-assignment
_G.y = 1 -- want: global-assignment
_G["z"] = 1 -- want: global-assignment
rawset(_G, "w", 1) -- want: global-assignment
setmetatable(_G, nil) -- want: global-assignment
redis.call = nil -- want: global-assignment
redis.x = 1 -- want: global-assignment
cjson.encode = nil -- want: global-assignment
ARGV = {} -- want: global-assignment
KEYS[1] = "x"
ARGV[2] = "y"
local t = {}
t.x = 1
function t.f() end
function t:m() end
local function inner()
  counter = (counter or 0) + 1 -- want: global-assignment
end
local f = function() g2 = 1 end -- want: global-assignment
string["y"] = 1 -- want: global-assignment
math.pi = 3 -- want: global-assignment
function string.trim(s) return s end -- want: global-assignment
function redis.helper() end -- want: global-assignment
for i = 1, 2 do zz = i end -- want: global-assignment
local s = string
s.q = 1 -- want: global-assignment
return a
