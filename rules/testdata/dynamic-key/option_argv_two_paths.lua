-- fixture: option allow-prefix-from-argv=true
-- The job key is built on two paths (a generated id or the caller's id),
-- both from the ARGV prefix: the prefix decides the slot either way.
local prefix = ARGV[1]
local jobKey
if ARGV[2] == "" then
  jobKey = prefix .. redis.call('INCR', KEYS[1])
else
  jobKey = prefix .. ARGV[2]
end
redis.call('HSET', jobKey, 'state', 'wait')

-- When one path builds the key from something else, the prefix is not
-- the caller's on that path.
local lockKey
if ARGV[3] == "1" then
  lockKey = prefix .. 'lock'
else
  lockKey = redis.call('GET', KEYS[2]) .. ':lock'
end
redis.call('SET', lockKey, 1) -- want: dynamic-key "read from Redis"
