-- fixture: redis-version=7.2
redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$') -- want: command-not-allowed
redis.call('xreadgroup', 'GROUP', 'g', 'c', 'block', 0, 'STREAMS', KEYS[1], '>') -- want: command-not-allowed
return 1
