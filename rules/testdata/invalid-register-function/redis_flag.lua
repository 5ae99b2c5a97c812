#!lua name=rftest
-- redis: error "unknown flag given"
redis.register_function{ function_name = 'f', callback = function() return 1 end, flags = { 'readonly' } } -- want: invalid-register-function
