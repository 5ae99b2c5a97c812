#!lua name=rotest
-- redis-fcall: ro_set
-- redis-keys: k
-- redis: error "Write commands are not allowed from read-only scripts"
redis.register_function{function_name = 'ro_set', flags = {'no-writes'}, callback = function(keys)
  return redis.call('SET', keys[1], 'v') -- want: write-in-read-only
end}
