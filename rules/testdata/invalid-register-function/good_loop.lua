#!lua name=rflib3
-- Registration through a helper: "no functions registered" cannot be shown.
local function reg(name, fn) redis.register_function(name, fn) end
reg('a', function() return 1 end)
