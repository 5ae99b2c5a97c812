#!lua name=lib flags=no-writes
redis.register_function("f", function() return 1 end) -- want@1: invalid-shebang
