-- redis: error "'for' limit must be a number"
-- redis-args: abc
for i = 1, ARGV[1] do                                    -- want: argv-tonumber "'for' bound"
end
return 1
-- fixture: option report-coercion=true
