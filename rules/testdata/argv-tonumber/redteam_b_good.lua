local n = tonumber(ARGV[1])
if n > 10 then return 1 end
if ARGV[2] == '1' then return 2 end
if ARGV[3] ~= 'x' then return 3 end
if #ARGV > 2 then return 4 end
if ARGV[1] == nil then return 5 end
local l = string.len(ARGV[1]) + 1
for i = 1, #ARGV do end
for i = 1, tonumber(ARGV[2]) do end
local t = tonumber(ARGV[1]) or 0
local m = math.min(tonumber(ARGV[1]) or 10, 100)
local x = #ARGV[1] > 3
return {n, l, t, m}
