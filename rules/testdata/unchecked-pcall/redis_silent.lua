-- redis: reply int:1
-- redis-setup: SET pc:k notanumber
-- redis-keys: pc:k
-- The INCR fails, nothing notices, and the script reports success.
redis.pcall('INCR', KEYS[1])                             -- want: unchecked-pcall "discarded"
return 1
