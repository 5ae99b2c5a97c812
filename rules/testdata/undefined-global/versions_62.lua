-- fixture: redis-version=6.2
local ok = redis.acl_check_cmd('GET', KEYS[1]) -- want: undefined-global "needs Redis 7.0+"
local v = redis.REDIS_VERSION -- want: undefined-global "needs Redis 7.0+"
return {ok, v}
