-- redis: error "attempt to compare"
-- redis-keys: up:{z}:plain
-- redis-setup: SET up:{z}:plain text
-- Comparing a redis.pcall reply with a number is no check: when the
-- command fails, the reply is the error table and the comparison raises.
local removed = redis.pcall('ZREM', KEYS[1], 'member') if removed > 0 then return 1 end -- want: unchecked-pcall "used without checking for an error"
return 0
