local rcall = redis.call
redis.call('INCR', 'rate:' .. ARGV[1])                  -- want: dynamic-key "key built from ARGV[1] by concatenation"
redis.call('SET', ARGV[2], 'x')                          -- want: dynamic-key "key taken from ARGV[2]"
local userKey = string.format('user:%s', ARGV[3])
rcall('HGETALL', userKey)                                -- want: dynamic-key "with string.format"
local jobId = redis.call('RPOP', KEYS[1])
rcall('HGETALL', 'job:' .. jobId)                        -- want: dynamic-key "reply of 'RPOP'"
local target = redis.call('GET', KEYS[2])
redis.call('DEL', target)                                -- want: dynamic-key "key read from Redis (reply of 'GET')"
local data = cjson.decode(ARGV[4])
redis.call('SADD', data.set, data.member)                -- want: dynamic-key "decoded data (cjson.decode)"
redis.call('SET', 'lock:' .. data.name, 1)               -- want: dynamic-key "key built from decoded data"
redis.call('ZADD', KEYS[1] .. ':index', 1, 'm')  -- derived-key (info): see testdata/derived-key/bad.lua
local base = KEYS[3]
redis.call('EXPIRE', base .. ':meta', 60)  -- derived-key (info): see testdata/derived-key/bad.lua
for i = 1, 3 do
  redis.call('DEL', 'shard:' .. i)                       -- want: dynamic-key "key computed in the script by concatenation"
end
redis.call('MSET', KEYS[1], 'a', 'p:' .. ARGV[1], 'b')   -- want: dynamic-key "ARGV[1]"
local ok = pcall(redis.call, 'GET', ARGV[5])             -- want: dynamic-key "ARGV[5]"
local members = redis.call('SMEMBERS', KEYS[4])
for _, m in ipairs(members) do
  redis.call('DEL', m)                                   -- want: dynamic-key "reply of 'SMEMBERS'"
end
redis.call('SET', KEYS[1] .. ARGV[6], 1)  -- derived-key (info): see testdata/derived-key/bad.lua
redis.call('SET', string.format('%s:count', ARGV[7]), 1) -- want: dynamic-key "set allow-prefix-from-argv: true"
return ok
