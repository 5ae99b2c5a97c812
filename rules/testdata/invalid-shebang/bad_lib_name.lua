#!lua name=bad-lib!
-- want@1: invalid-shebang "Library names can only contain letters"
-- redis: error "Library names can only contain letters, numbers, or underscores(_)"
redis.register_function('is_f2', function(keys, args) return 1 end)
