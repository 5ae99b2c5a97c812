-- redis: reply int:1
-- redis-keys: f
return tonumber(redis.call('INCRBYFLOAT', KEYS[1], '1.5')) -- want: float-return
