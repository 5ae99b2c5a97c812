-- redis: reply bulk:"false"
-- redis-keys: nrc:set
-- redis-setup: SADD nrc:set m
-- m is a member: SISMEMBER replies 1, a number, which never equals true.
return tostring(redis.call('SISMEMBER', KEYS[1], 'm') == true) -- want: nil-reply-check "comparing it with true is always false"
