-- redis: reply int:0
-- redis-args: 10
-- Against '2' the lexical order is not the numeric one: "10" > "2" is false.
if ARGV[1] > '2' then                                    -- want: argv-tonumber[warning] "lexically"
  return 1
end
return 0
