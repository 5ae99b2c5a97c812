-- redis: reply [int:1]
-- redis-keys: missing
redis.setresp(3)
return {1, redis.call('GET', KEYS[1]), 3} -- want: reply-array-hole "under redis.setresp(3)"
