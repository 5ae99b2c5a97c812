-- redis: error "attempt to call field 'register_function' (a nil value)"
redis.register_function('f', function() return 1 end) -- want: undefined-global "a library starts with '#!lua name=<library>'; did you forget that line?"
return 1
