-- redis: reply int:6
-- redis-args: 5
-- Lua 5.1 converts the numeric string in arithmetic: "5" + 1 is 6.
return ARGV[1] + 1
