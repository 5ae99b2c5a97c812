-- Current commands; QUIT is command-not-allowed's, not this rule's.
redis.call('SET', KEYS[1], ARGV[1], 'GET')
redis.call('HSET', KEYS[1], 'a', 1, 'b', 2)
redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
redis.call('ZRANGE', KEYS[1], 0, 10, 'BYSCORE')
redis.call('QUIT')
redis.call(ARGV[1], KEYS[1])
