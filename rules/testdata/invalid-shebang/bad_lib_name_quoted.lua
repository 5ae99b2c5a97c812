#!lua name="quoted lib"
-- want@1: invalid-shebang "Library names can only contain"
-- redis: error "Library names can only contain letters"
redis.register_function('is_f6', function(keys, args) return 1 end)
