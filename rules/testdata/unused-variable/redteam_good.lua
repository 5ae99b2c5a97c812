local t = {}
t.x = 1
local s = 'x'
local n = s:len()
local m = {}
m[1] = 2
return n
