-- On Redis 7.2+ (the default target is the newest) a float argument is
-- sent in its shortest form, so a value command accepts it; the finding is
-- an info: older servers store the 17-digit text.
redis.call('SET', KEYS[1], 3.7) -- want: invalid-argument "before Redis 7.2"
redis.call('HSET', KEYS[1], 'f', 0.1) -- want: invalid-argument "0.10000000000000001"

-- Floats whose 17-digit text is the same, and doubles, are fine.
redis.call('SET', KEYS[1], 0.5)
redis.call('INCRBYFLOAT', KEYS[1], 0.1)
redis.call('ZADD', KEYS[1], 1.5, 'm')
