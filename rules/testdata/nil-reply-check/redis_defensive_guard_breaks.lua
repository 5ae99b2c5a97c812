-- redis: error "command arguments must be strings or integers"
-- redis-keys: missing-zset dst
-- The comparisons are the only guard: the empty reply passes them and
-- top[2] is nil, which redis.call refuses.
local top = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if top ~= false and top ~= nil then redis.call('ZADD', KEYS[2], top[2], 'm') end -- want: nil-reply-check[error] "comparing it with false is always true"
return 1
