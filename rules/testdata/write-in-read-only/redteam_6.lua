#!lua name=lib
local function ro(keys, args)
  return redis.call('SET', keys[1], args[1]) -- want: write-in-read-only
end
local function rw(keys, args)
  return redis.call('SET', keys[1], args[1])
end
local function rd(keys)
  return redis.call('GET', keys[1])
end
redis.register_function{function_name='ro', callback=ro, flags={'no-writes'}}
redis.register_function{function_name='rw', callback=rw}
redis.register_function{function_name='rd', callback=rd, flags={'no-writes'}}
redis.register_function{function_name='inl', callback=function(keys) redis.call('DEL', keys[1]) end, flags={'no-writes', 'allow-oom'}} -- want: write-in-read-only
redis.register_function{FUNCTION_NAME='up', CallBack=function(keys) return redis.call('HSET', keys[1], 'a', 'b') end, FLAGS={'NO-WRITES'}} -- want: write-in-read-only
redis.register_function('pos', function(keys) return redis.call('DEL', keys[1]) end)
