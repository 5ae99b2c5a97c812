redis.call('SET', KEYS[1], 'v')
return 1
