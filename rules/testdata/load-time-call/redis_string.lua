#!lua name=lttest2
-- redis: error "Script attempted to access nonexistent global variable 'string'"
local p = string.format('%s', 'a') -- want: load-time-call
redis.register_function('f', function() return p end)
