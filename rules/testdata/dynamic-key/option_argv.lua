-- fixture: option allow-prefix-from-argv=true
-- Queue libraries pass a hash-tagged key prefix ('{queue}:') in ARGV.
local prefix = ARGV[1]
local jobId = ARGV[2]
redis.call('HSET', prefix .. jobId, 'state', 'wait')
redis.call('LPUSH', ARGV[1] .. 'wait', jobId)
redis.call('SET', KEYS[1] .. ':x', 1)                    -- want: dynamic-key "allow-prefix-from-keys"
redis.call('GET', ARGV[3])                               -- want: dynamic-key "key taken from ARGV[3]"
local next = redis.call('LPOP', KEYS[1])
redis.call('HGETALL', prefix .. next)                    -- want: dynamic-key "reply of 'LPOP'"
