#!lua name=katest2
-- redis: error "Script attempted to access nonexistent global variable 'ARGV'"
local n = ARGV -- want: function-keys-argv
redis.register_function('f', function() return 1 end)
