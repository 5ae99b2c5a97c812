#!lua name=lttest
-- redis: error "Script attempted to access nonexistent global variable 'call'"
redis.call('SET', 'x', '1') -- want: load-time-call
redis.register_function('f', function() return 1 end)
