-- redis: reply bulk:"true"
-- redis-keys: nrc:missing
redis.setresp(3)
return tostring(redis.call('GET', KEYS[1]) == nil)
