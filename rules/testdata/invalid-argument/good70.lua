-- fixture: redis-version=7.0
-- Exactly representable floats and double arguments are sent faithfully.
redis.call('SET', KEYS[1], 1.5)
redis.call('INCRBYFLOAT', KEYS[1], 3.7)
redis.call('ZADD', KEYS[1], 3.7, 'm')
redis.call('ZINCRBY', KEYS[1], 0.3, 'm')
redis.call('HINCRBYFLOAT', KEYS[1], 'f', 0.3)
