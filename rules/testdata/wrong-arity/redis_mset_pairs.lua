-- redis: error "wrong number of arguments for 'mset' command"
return redis.call('MSET', 'a', '1', 'b') -- want: wrong-arity
