local rcall = redis.call
local id = ARGV[1]
rcall('GET', 'user:' .. id)
redis.call('get', string.format('%s:x', ARGV[2]))
redis['call']('SET', ARGV[1], 'v')
redis.pcall('HGET', ARGV[3], 'f')
local k = redis.call('GET', KEYS[1])
redis.call('DEL', k)
local t = cjson.decode(ARGV[4])
redis.call('INCR', t.key)
redis.call('SET', table.concat({'a', ARGV[1]}, ':'), 1)
redis.call('SET', ('p:' .. ARGV[1]), 1)
local key
if #ARGV > 2 then key = 'x:' .. ARGV[1] else key = KEYS[2] end
redis.call('SET', key, 1)
redis.call('MSET', KEYS[1], 'v', 'z:' .. ARGV[1], 'v')
redis.call('SET', ARGV[#ARGV], 1)
local members = redis.call('SMEMBERS', KEYS[3])
for _, m in ipairs(members) do
  redis.call('DEL', m)
end
for i = 1, #ARGV do
  redis.call('DEL', ARGV[i])
end
local function touch(n)
  -- every call passes ARGV[1]: the parameter's origin is known (it was
  -- unknown before parameters took their origins from call sites)
  redis.call('EXPIRE', 'lock:' .. n, 10)
end
touch(ARGV[1])
redis.call('ZUNIONSTORE', KEYS[1], 2, KEYS[2], 'tmp:' .. ARGV[1])
redis.call('SET', tostring(ARGV[1]), 1)
redis.call('SET', KEYS[1] .. ':jobs', 1) -- want: derived-key "hash tag"
local pre = KEYS[1]
rcall('SET', pre .. ':' .. 'x', 1) -- want: derived-key
redis.call('SET', ARGV[1] .. KEYS[1], 1)
local list = redis.call('LRANGE', KEYS[1], 0, 9)
redis.call('GET', list[1])
redis.call('RENAME', KEYS[1], KEYS[1] .. ':old') -- want: derived-key
redis.call('SET', string.upper(KEYS[1]), 1)
return 1
