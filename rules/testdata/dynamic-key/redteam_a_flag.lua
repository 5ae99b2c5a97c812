local rcall = redis.call
local id = ARGV[1]
rcall('GET', 'user:' .. id) -- want: dynamic-key
redis.call('get', string.format('%s:x', ARGV[2])) -- want: dynamic-key
redis['call']('SET', ARGV[1], 'v') -- want: dynamic-key
redis.pcall('HGET', ARGV[3], 'f') -- want: dynamic-key
local k = redis.call('GET', KEYS[1])
redis.call('DEL', k) -- want: dynamic-key
local t = cjson.decode(ARGV[4])
redis.call('INCR', t.key) -- want: dynamic-key
redis.call('SET', table.concat({'a', ARGV[1]}, ':'), 1) -- want: dynamic-key
redis.call('SET', ('p:' .. ARGV[1]), 1) -- want: dynamic-key
local key
if #ARGV > 2 then key = 'x:' .. ARGV[1] else key = KEYS[2] end
redis.call('SET', key, 1) -- want: dynamic-key
redis.call('MSET', KEYS[1], 'v', 'z:' .. ARGV[1], 'v') -- want: dynamic-key
redis.call('SET', ARGV[#ARGV], 1) -- want: dynamic-key
local members = redis.call('SMEMBERS', KEYS[3])
for _, m in ipairs(members) do
  redis.call('DEL', m) -- want: dynamic-key
end
for i = 1, #ARGV do
  redis.call('DEL', ARGV[i]) -- want: dynamic-key
end
local function touch(n)
  -- every call passes ARGV[1]: the parameter's origin is known (it was
  -- unknown before parameters took their origins from call sites)
  redis.call('EXPIRE', 'lock:' .. n, 10) -- want: dynamic-key "ARGV[1]"
end
touch(ARGV[1])
redis.call('ZUNIONSTORE', KEYS[1], 2, KEYS[2], 'tmp:' .. ARGV[1]) -- want: dynamic-key
redis.call('SET', tostring(ARGV[1]), 1) -- want: dynamic-key
redis.call('SET', KEYS[1] .. ':jobs', 1)  -- derived-key (info): see testdata/derived-key/redteam_a_flag.lua
local pre = KEYS[1]
rcall('SET', pre .. ':' .. 'x', 1)  -- derived-key (info): see testdata/derived-key/redteam_a_flag.lua
redis.call('SET', ARGV[1] .. KEYS[1], 1) -- want: dynamic-key
local list = redis.call('LRANGE', KEYS[1], 0, 9)
redis.call('GET', list[1]) -- want: dynamic-key
redis.call('RENAME', KEYS[1], KEYS[1] .. ':old')  -- derived-key (info): see testdata/derived-key/redteam_a_flag.lua
redis.call('SET', string.upper(KEYS[1]), 1) -- want: dynamic-key
return 1
