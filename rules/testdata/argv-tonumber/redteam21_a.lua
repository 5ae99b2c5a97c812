if ARGV[1] > 0 and ARGV[2] < 10 then return 1 end -- want: argv-tonumber, argv-tonumber
local s = ARGV[1] * ARGV[2] -- want: argv-tonumber, argv-tonumber
return s
-- fixture: option report-coercion=true
