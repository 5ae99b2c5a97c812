#! lua name=is_space
-- want@1: invalid-shebang "Invalid metadata value given: lua"
-- redis: error "Invalid metadata value given: lua"
redis.register_function('is_f7', function(keys, args) return 1 end)
