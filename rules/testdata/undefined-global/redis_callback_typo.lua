#!lua name=ug_call
-- redis: error "Script attempted to access nonexistent global variable 'tonumbr'"
-- redis-fcall: ug_call_f
-- redis-args: 5
redis.register_function('ug_call_f', function(keys, args)
  return tonumbr(args[1]) -- want: undefined-global
end)
