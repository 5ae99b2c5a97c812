if ARGV[#ARGV] > 0 then return 1 end -- want: argv-tonumber
if #ARGV > 0 then return 2 end
local last = ARGV[#ARGV]
return last + 1 -- want: argv-tonumber
-- fixture: option report-coercion=true
