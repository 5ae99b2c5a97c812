local x = 0x1p4
local goto = 1
local t = {} t.goto = 1
local s = ("abc"):upper()
local y = 5 ~= 3
return {x, goto, t.goto, s, y}
