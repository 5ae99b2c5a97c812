local function check(a)
  return a > 5
end
local cnt = ARGV[#ARGV]
if cnt >= 3 then return 1 end -- want: argv-tonumber
local v
if KEYS[1] then v = ARGV[1] else v = ARGV[2] end
if v < 3 then return 2 end -- want: argv-tonumber
local u = ARGV[1]
u = tonumber(u)
if u > 3 then return 3 end
if math.max(0, ARGV[1]) then return 4 end -- want: argv-tonumber
local w = (ARGV[1])
if (w) > 1 then return 5 end -- want: argv-tonumber "'w' (ARGV[1]) is a string"
local idx = ARGV[1] - 1 -- want: argv-tonumber
local arr = {}
return arr[ARGV[1]]
-- fixture: option report-coercion=true
