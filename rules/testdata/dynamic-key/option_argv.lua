-- fixture: option allow-prefix-from-argv=true
-- Queue libraries pass a hash-tagged key prefix ('{queue}:') in ARGV.
local prefix = ARGV[1]
local jobId = ARGV[2]
redis.call('HSET', prefix .. jobId, 'state', 'wait')
redis.call('LPUSH', ARGV[1] .. 'wait', jobId)
redis.call('SET', KEYS[1] .. ':x', 1)  -- derived-key (info): see testdata/derived-key/option_argv.lua
redis.call('GET', ARGV[3])                               -- want: dynamic-key "key taken from ARGV[3]"
-- A hash-tagged prefix decides the slot whatever follows it (an id read
-- from Redis here).
local nextId = redis.call('LPOP', KEYS[1])
local jobKey = prefix .. nextId
redis.call('HGETALL', jobKey)
redis.call('SET', jobKey .. ':lock', ARGV[4])
redis.call('HGETALL', 'job:' .. nextId)                  -- want: dynamic-key "reply of 'LPOP'"
redis.call('SET', 'x:' .. ARGV[2], 1)                    -- want: dynamic-key "key built from ARGV[2] by concatenation: pass the whole key in KEYS"
