-- fixture: option allow-prefix-from-keys=true
-- The caller passes a hash-tagged prefix such as '{queue}:' in KEYS[1].
local prefix = KEYS[1]
redis.call('LPUSH', prefix .. 'wait', ARGV[1])
redis.call('ZADD', KEYS[1] .. 'delayed', 1, ARGV[1])
for i = 1, 3 do
  redis.call('DEL', prefix .. 'shard:' .. i)
end
redis.call('SET', prefix .. ARGV[2], 1)                  -- want: dynamic-key "allow-prefix-from-argv"
redis.call('GET', ARGV[1])                               -- want: dynamic-key "ARGV[1]"
