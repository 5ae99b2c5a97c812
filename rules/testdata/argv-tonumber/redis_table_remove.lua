-- redis: reply int:1001
-- redis-args: 1e3 other
-- A script that shifts its arguments with table.remove gets the same
-- strings: the implicit conversion still accepts "1e3".
local limit = table.remove(ARGV, 1)
return limit + 1 -- want: argv-tonumber "'limit' (an ARGV element)"
-- fixture: option report-coercion=true
