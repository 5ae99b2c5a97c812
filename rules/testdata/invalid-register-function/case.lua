#!lua name=rfcase
-- Loads, but FUNCTION DELETE of this library crashed Redis 7.0.15 (verified).
-- redis: skip (FUNCTION DELETE of a library with 'f' and 'F' crashes Redis 7.0.15)
redis.register_function('f', function() return 1 end)
redis.register_function('F', function() return 2 end) -- want: invalid-register-function "only in case"
