-- redis: reply bulk:"false"
-- redis-keys: nrc:a
return tostring(redis.call('SET', KEYS[1], 'b') == 'OK') -- want: nil-reply-check "status reply"
