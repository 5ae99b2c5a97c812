local x
x = 1
local t = {string = 1}
t.string = 2
local string = {}
string.x = 1
local _G2 = {}
_G2.x = 1
do local y; y = 2 end
local function rec() rec = nil end
local m = setmetatable({}, {})
rawset(m, "k", 1)
rawset({}, "k", 1)
local function w(tbl) tbl.x = 1; rawset(tbl, "y", 2) end
return x
