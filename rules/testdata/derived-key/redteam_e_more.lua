local rcall = redis.call
local function inner()
  return rcall('GET', 'x:' .. ARGV[1])
end
local cmd = 'GET'
redis.call(cmd, ARGV[2])
redis.call('GET', ('%s:x'):format(ARGV[1]))
redis.call('GET', string.format('user:%s', KEYS[1])) -- want: derived-key
local k = KEYS[1] .. ':' .. ARGV[1]
redis.call('GET', k) -- want: derived-key
local key = 'a'
key = key .. ARGV[1]
redis.call('GET', key)
local ids = cjson.decode(ARGV[1])
for _, id in ipairs(ids) do
  redis.call('DEL', 'job:' .. id)
end
for i = 1, #ARGV, 2 do
  redis.call('SET', ARGV[i], ARGV[i + 1])
end
redis.call('BLMOVE', KEYS[1], ARGV[1], 'LEFT', 'RIGHT', 0)
redis.call('EVALSHA', ARGV[1], 0)
redis.call('OBJECT', 'FREQ', ARGV[1])
return inner()
