-- redis: error "wrong number of arguments for 'hset' command"
-- redis-keys: h
return redis.call('HSET', KEYS[1], 'f', 'v', 'g') -- want: wrong-arity
