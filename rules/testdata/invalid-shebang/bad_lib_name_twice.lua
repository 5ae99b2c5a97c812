#!lua name=is_a name=is_b
-- want@1: invalid-shebang "name argument was given multiple times"
-- redis: error "Invalid metadata value, name argument was given multiple times"
redis.register_function('is_f3', function(keys, args) return 1 end)
