#!lua name=is_opt foo=bar
-- want@1: invalid-shebang "Invalid metadata value given: foo=bar"
-- redis: error "Invalid metadata value given: foo=bar"
redis.register_function('is_f4', function(keys, args) return 1 end)
