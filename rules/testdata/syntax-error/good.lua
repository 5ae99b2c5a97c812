-- Lua 5.1 code that looks like newer syntax but is valid in Redis.
local goto = 1
local t = {goto = 2}
t.goto = goto + t.goto
local half = math.floor(tonumber(ARGV[1]) / 2)
local masked = bit.band(tonumber(ARGV[2]), 4)
return {half, masked, t.goto}
