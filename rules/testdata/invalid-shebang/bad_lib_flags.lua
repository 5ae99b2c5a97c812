#!lua name=is_lib_flags flags=no-writes
-- want@1: invalid-shebang "Invalid metadata value given: flags=no-writes"
-- redis: error "Invalid metadata value given: flags=no-writes"
redis.register_function('is_f1', function(keys, args) return 1 end)
