#!lua name=lib
local keys = {}
redis.register_function('f', function(keys, args) return keys[1] end) -- want: shadowed-variable
