-- redis: error "Lua redis lib command arguments must be strings or integers"
-- redis-keys: rah:win
-- redis-args: soon
-- A value passed to redis.call before the return cannot be nil there:
-- redis.call raises on a nil argument (here ARGV[1] is not a number, so
-- EXPIRE gets nil and the script fails before any reply is built).
local key = KEYS[1]
local window = tonumber(ARGV[1])
local current = redis.call('INCR', key)
local ttl = redis.call('TTL', key)
if current == 1 then
  redis.call('EXPIRE', key, window)
  ttl = window
end
return {current, ttl}
