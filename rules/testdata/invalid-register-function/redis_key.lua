#!lua name=rftest6
-- redis: error "unknown argument given to redis.register_function"
redis.register_function{ function_name = 'f', callback = function() return 1 end, descripton = 'x' } -- want: invalid-register-function
