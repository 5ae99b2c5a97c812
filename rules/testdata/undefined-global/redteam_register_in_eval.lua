redis.register_function('x', function() return 1 end) -- want: undefined-global
return 1
