-- redis: error "attempt to call field 'register_function' (a nil value)"
redis.register_function('f', function() return 1 end) -- want: undefined-global "while a Functions library loads"
return 1
