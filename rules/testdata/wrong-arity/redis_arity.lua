-- redis: error "Wrong number of args calling Redis command from script"
redis.call('SET', 'k') -- want: wrong-arity
