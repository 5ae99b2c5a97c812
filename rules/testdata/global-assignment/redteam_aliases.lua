local s = string
s.q = 1 -- want: global-assignment "'string'"
function s.trim(x) return x end -- want: global-assignment
local g = _G
g.x = 1 -- want: global-assignment
g["y"] = 2 -- want: global-assignment
local r = redis
r.call = nil -- want: global-assignment
local k = KEYS
k[1] = 'x'
local mine = {}
mine.q = 1
local t2 = setmetatable({}, {__index = string})
t2.q = 1
local s2 = string
s2 = {}
s2.q = 1
local fmt = string.format
local sub = string
local n = sub.len('x')
return n
