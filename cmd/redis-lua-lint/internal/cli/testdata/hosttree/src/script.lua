return tonumbr(redis.call('GET', KEYS[1]))
