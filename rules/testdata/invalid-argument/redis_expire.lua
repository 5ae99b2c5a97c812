-- redis: error "value is not an integer or out of range"
-- redis-setup: SET k v
return redis.call('EXPIRE', 'k', 1.5) -- want: invalid-argument
