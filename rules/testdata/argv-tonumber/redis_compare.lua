-- redis: error "attempt to compare number with string"
-- redis-args: 3
if ARGV[1] > 5 then                                      -- want: argv-tonumber "attempt to compare number with string"
  return 1
end
return 0
