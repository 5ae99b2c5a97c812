#!lua name=%s
-- In a template library, a bad name with no placeholder is still reported.
redis.register_function('%s_ok', function(keys, args) return 1 end)
redis.register_function('get-all', function(keys, args) return 1 end) -- want: invalid-register-function "function name 'get-all'"
