#!lua name=rotest2
-- redis-fcall: ro_bump
-- redis-keys: k
-- redis: error "Write commands are not allowed from read-only scripts"
local function bump(k)
  return redis.call('INCR', k) -- want: write-in-read-only
end
redis.register_function{function_name = 'ro_bump', flags = {'no-writes'}, callback = function(keys)
  return bump(keys[1])
end}
