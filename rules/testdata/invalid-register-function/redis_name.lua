#!lua name=rftest3
-- redis: error "Library names can only contain letters, numbers, or underscores(_)"
redis.register_function('bad-name', function() return 1 end) -- want: invalid-register-function
