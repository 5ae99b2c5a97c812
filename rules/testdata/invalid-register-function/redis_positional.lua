#!lua name=rftest7
-- redis: error "unknown argument given to redis.register_function"
redis.register_function{ 'f', function() return 1 end, function_name = 'f', callback = function() return 1 end } -- want: invalid-register-function, invalid-register-function
