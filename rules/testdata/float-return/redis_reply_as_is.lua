-- redis: reply bulk:"1.5"
-- redis-keys: f
return redis.call('INCRBYFLOAT', KEYS[1], '1.5')
