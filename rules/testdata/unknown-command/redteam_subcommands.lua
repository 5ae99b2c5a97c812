redis.call('object', 'encoding')
redis.call('XINFO')
redis.call('object', 'Encoding', KEYS[1])
redis.call('OBJECT', ARGV[1], KEYS[1])
redis.call('XINFO', 'STREAMS', KEYS[1]) -- want: unknown-command "STREAM"
redis.call('MEMORY', 'USAGE')
redis.call('XGROUP', 'CREATE', KEYS[1], 'g', '$', 'MKSTREAM')
redis.call('XGROUP', 'CREATE', KEYS[1], 'g')
redis.call('PUBSUB', 'NUMSUB')
return 1
