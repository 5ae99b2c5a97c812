#!LUA NAME=is_good_case
-- redis: ok
redis.register_function{function_name = 'is_good_case_f', callback = function(keys, args) return 1 end, flags = {'no-writes'}}
