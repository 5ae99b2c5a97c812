#!lua flags=no-writes,allow-oom
-- redis: reply nil
-- redis-keys: k
return redis.call('GET', KEYS[1])
