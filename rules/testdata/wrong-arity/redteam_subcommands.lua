redis.call('object', 'encoding') -- want: wrong-arity
redis.call('XINFO') -- want: wrong-arity
redis.call('object', 'Encoding', KEYS[1])
redis.call('OBJECT', ARGV[1], KEYS[1])
redis.call('XINFO', 'STREAMS', KEYS[1])
redis.call('MEMORY', 'USAGE') -- want: wrong-arity
redis.call('XGROUP', 'CREATE', KEYS[1], 'g', '$', 'MKSTREAM')
redis.call('XGROUP', 'CREATE', KEYS[1], 'g') -- want: wrong-arity
redis.call('PUBSUB', 'NUMSUB')
return 1
