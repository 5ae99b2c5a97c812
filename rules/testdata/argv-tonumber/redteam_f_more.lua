local args = ARGV
if args[1] > 5 then return 1 end -- want: argv-tonumber
local a, b = ARGV[1], ARGV[2]
if b < 10 then return 2 end -- want: argv-tonumber
local step = ARGV[3]
for i = 10, 1, step do end -- want: argv-tonumber
local n = #ARGV
if n > 2 then return 3 end
if ARGV[2] * 1 > 0 then return 4 end -- want: argv-tonumber
local e = tonumber(ARGV[1]) > 0
return a
-- fixture: option report-coercion=true
