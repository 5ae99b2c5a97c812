local rcall = redis.call
redis.call('INCR', 'rate:' .. ARGV[1])
redis.call('SET', ARGV[2], 'x')
local userKey = string.format('user:%s', ARGV[3])
rcall('HGETALL', userKey)
local jobId = redis.call('RPOP', KEYS[1])
rcall('HGETALL', 'job:' .. jobId)
local target = redis.call('GET', KEYS[2])
redis.call('DEL', target)
local data = cjson.decode(ARGV[4])
redis.call('SADD', data.set, data.member)
redis.call('SET', 'lock:' .. data.name, 1)
redis.call('ZADD', KEYS[1] .. ':index', 1, 'm') -- want: derived-key "cluster-safe only if KEYS[1] carries a {hash tag}"
local base = KEYS[3]
redis.call('EXPIRE', base .. ':meta', 60) -- want: derived-key "key built from KEYS[3] by concatenation"
for i = 1, 3 do
  redis.call('DEL', 'shard:' .. i)
end
redis.call('MSET', KEYS[1], 'a', 'p:' .. ARGV[1], 'b')
local ok = pcall(redis.call, 'GET', ARGV[5])
local members = redis.call('SMEMBERS', KEYS[4])
for _, m in ipairs(members) do
  redis.call('DEL', m)
end
redis.call('SET', KEYS[1] .. ARGV[6], 1) -- want: derived-key "key built from KEYS[1] by concatenation: cluster-safe only if KEYS[1]"
redis.call('SET', string.format('%s:count', ARGV[7]), 1)
return ok
