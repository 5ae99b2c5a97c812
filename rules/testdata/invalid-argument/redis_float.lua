-- fixture: redis-version=7.0
-- redis: reply bulk:"3.7000000000000002"
redis.call('SET', 'f', 3.7) -- want: invalid-argument
return redis.call('GET', 'f')
