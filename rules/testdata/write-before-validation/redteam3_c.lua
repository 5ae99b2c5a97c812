redis.call('SET', KEYS[1], 1)
return redis.status_reply('OK')
