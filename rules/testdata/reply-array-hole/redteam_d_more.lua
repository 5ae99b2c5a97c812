local function pick() return nil end
local a
if #KEYS > 0 then a = 1 end
if #ARGV == 1 then return {a, 2} end -- want: reply-array-hole
local b = tonumber(ARGV[1])
local t = {b, 'x'}
if #ARGV == 2 then return t end -- want@-1: reply-array-hole
if #ARGV == 3 then return {1, {nil, 2}} end -- want: reply-array-hole
local c = nil
if #ARGV == 4 then return {'x', c} end -- want: reply-array-hole
local d = tonumber(ARGV[2])
if d then return {d, 1} end
return {pick(), 1}
