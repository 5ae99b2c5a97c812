-- fixture: redis-version=8.4
redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'a')
redis.call('HGETEX', KEYS[1], 'FIELDS', 1, 'a')
redis.call('VADD', KEYS[1], 'VALUES', 1, 0.5, 'e')
return 1
