#!lua name=floatlib
-- redis: reply int:2
-- redis-fcall: ratio
-- redis-args: 5 2
redis.register_function('ratio', function(keys, args)
  return tonumber(args[1]) / tonumber(args[2]) -- want: float-return
end)
