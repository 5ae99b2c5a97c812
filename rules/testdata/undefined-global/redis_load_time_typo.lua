#!lua name=ug_load
-- redis: error "Script attempted to access nonexistent global variable 'tonumbr'"
local x = tonumbr('1') -- want: undefined-global
redis.register_function('ug_load_f', function(keys, args) return x end)
