-- fixture: redis-version=7.4
redis.call('WAITAOF', 0, 0, 0)
redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$')
return 1
