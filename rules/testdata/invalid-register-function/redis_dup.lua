#!lua name=rftest4
-- redis: error "Function already exists in the library"
redis.register_function('dup', function() return 1 end)
redis.register_function('dup', function() return 2 end) -- want: invalid-register-function
