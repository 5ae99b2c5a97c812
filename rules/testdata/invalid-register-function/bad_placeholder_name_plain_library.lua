#!lua name=orders
-- The library itself is no template: a placeholder in one function name is
-- that function's problem, and a bad name without a placeholder stays one.
redis.register_function('%s_get', function(keys, args) return 1 end) -- want: invalid-register-function "function name '%s_get' may only contain letters, digits and underscores"
