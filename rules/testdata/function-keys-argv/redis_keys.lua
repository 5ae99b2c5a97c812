#!lua name=katest
-- redis-fcall: kf
-- redis-keys: k
-- redis: error "Script attempted to access nonexistent global variable 'KEYS'"
redis.register_function('kf', function(keys, args)
  return KEYS[1] -- want: function-keys-argv
end)
