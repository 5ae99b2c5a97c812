-- redis: error "attempt to compare string with number"
-- redis-args: 3
if ARGV[1] < 5 then                                      -- want: argv-tonumber "attempt to compare string with number"
  return 1
end
return 0
