-- redis: reply bulk:"false"
-- redis-args: 5
return tostring(ARGV[1] == 5)                            -- want: argv-tonumber "always false"
