-- fixture: option allow-prefix-from-keys=true
-- The caller passes a hash-tagged prefix such as '{queue}:' in KEYS[1].
local prefix = KEYS[1]
redis.call('LPUSH', prefix .. 'wait', ARGV[1])
redis.call('ZADD', KEYS[1] .. 'delayed', 1, ARGV[1])
for i = 1, 3 do
  redis.call('DEL', prefix .. 'shard:' .. i)
end
-- A hash-tagged prefix decides the slot whatever follows it.
redis.call('SET', prefix .. ARGV[2], 1)
local job = redis.call('LPOP', KEYS[2])
redis.call('HGETALL', KEYS[1] .. 'job:' .. job)
redis.call('SET', 'x:' .. ARGV[2], 1)
redis.call('SET', 'y:' .. KEYS[2] .. job, 1)
redis.call('GET', ARGV[1])
