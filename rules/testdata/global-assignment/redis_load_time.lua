#!lua name=ga_load
-- redis: error "Attempt to modify a readonly table"
counter = 0 -- want: global-assignment
redis.register_function('ga_load_f', function(keys, args) return 1 end)
