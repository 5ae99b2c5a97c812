-- Passed to redis.call only on another path, or before it was assigned
-- again: the element can still be nil.
local window = tonumber(ARGV[1])
local ttl = 0
if ARGV[2] == 'x' then
  redis.call('EXPIRE', KEYS[1], window)
end
ttl = window
local limit = tonumber(ARGV[3])
redis.call('SET', KEYS[2], limit or 0)
return {ttl, limit, 1} -- want: reply-array-hole
