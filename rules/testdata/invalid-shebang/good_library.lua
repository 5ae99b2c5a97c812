#!lua name=is_good_lib
-- redis: reply int:2
-- redis-fcall: is_good_f
redis.register_function('is_good_f', function(keys, args) return 2 end)
