local v = redis.call('GET', KEYS[1])
if not v then return redis.error_reply('missing') end
redis.call('SET', KEYS[2], v)
return redis.status_reply('OK')
