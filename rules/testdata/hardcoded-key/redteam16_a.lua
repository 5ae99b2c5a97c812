redis.call('XREAD', 'COUNT', 10, 'STREAMS', 'events', '0') -- want: hardcoded-key
redis.call('XGROUP', 'CREATE', 'stream', 'g', '$') -- want: hardcoded-key
redis.call('XADD', KEYS[1], 'MAXLEN', '~', 1000, '*', 'f', 'v')
redis.call('ZADD', KEYS[1], 'NX', 1, 'member')
redis.call('GEOADD', KEYS[1], 0, 0, 'place')
redis.call('CLIENT', 'SETNAME', 'x')
redis.call('FUNCTION', 'STATS')
return 1
