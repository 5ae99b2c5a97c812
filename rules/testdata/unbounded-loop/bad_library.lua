#!lua name=trimlib
-- In a library, the callback's second parameter is ARGV.
local function trim(keys, args)
  for i = 1, tonumber(args[1]) do -- want: unbounded-loop "ARGV"
    redis.call('LPOP', keys[1])
  end
  return 1
end
redis.register_function('trim', trim)
