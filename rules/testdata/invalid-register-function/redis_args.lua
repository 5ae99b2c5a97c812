#!lua name=rftest2
-- redis: error "wrong number of arguments to redis.register_function"
redis.register_function('f', function() return 1 end, { 'no-writes' }) -- want: invalid-register-function
