-- redis: reply bulk:"false"
-- redis-keys: nrc:missing
return tostring(redis.call('GET', KEYS[1]) == nil)       -- want: nil-reply-check "always false"
