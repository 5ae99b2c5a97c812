#!lua name=lttest4
-- Even taking redis.call into a local at the top level fails to load.
-- redis: error "Script attempted to access nonexistent global variable 'call'"
local rcall = redis.call -- want: load-time-call
redis.register_function('f', function(keys) return rcall('GET', keys[1]) end)
