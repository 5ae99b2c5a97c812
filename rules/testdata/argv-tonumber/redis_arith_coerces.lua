-- redis: reply int:1001
-- redis-args: 1e3
-- The implicit conversion accepts "1e3": the script goes on with 1000.
return ARGV[1] + 1                                       -- want: argv-tonumber "arithmetic"
-- fixture: option report-coercion=true
