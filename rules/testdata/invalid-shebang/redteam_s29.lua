#!lua name=ok
redis.register_function("f", function() return 1 end)
