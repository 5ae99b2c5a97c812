-- redis: error "Wrong number of args calling Redis command from script"
return redis.call('OBJECT', 'ENCODING') -- want: wrong-arity
