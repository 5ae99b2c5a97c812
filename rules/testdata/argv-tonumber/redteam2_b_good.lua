local v = ARGV[1]
if tonumber(v) > 0 then return 1 end
local w = tonumber(ARGV[2]) or 0
if w < 10 then return 2 end
local s = ARGV[3]
if s == '10' then return 3 end
if #s > 10 then return 4 end
return string.rep('x', tonumber(ARGV[4]))
