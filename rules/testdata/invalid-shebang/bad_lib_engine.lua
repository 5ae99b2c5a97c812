#!js name=is_js
-- want@1: invalid-shebang "Engine 'js' not found"
-- redis: error "Engine 'js' not found"
redis.register_function('is_f5', function(keys, args) return 1 end)
