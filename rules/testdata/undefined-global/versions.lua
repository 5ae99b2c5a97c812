-- fixture: redis-version=7.0
-- os.clock appeared in Redis 7.4; redis.acl_check_cmd exists from 7.0.
local t = os.clock() -- want: undefined-global "set redis-version: 7.4 or newer"
local ok = redis.acl_check_cmd('GET', KEYS[1])
return {t, ok}
