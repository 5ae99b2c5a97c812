#!lua name=lib
local k = KEYS[1] -- want: function-keys-argv
local ver = server
redis.register_function('x', function() return 1 end)
