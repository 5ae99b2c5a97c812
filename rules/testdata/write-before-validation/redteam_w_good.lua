-- status_reply after write, no validation
redis.call('SET', KEYS[1], ARGV[1])
return redis.status_reply('OK')
