local rcall = redis.call
local function inner()
  return rcall('GET', 'x:' .. ARGV[1]) -- want: dynamic-key
end
local cmd = 'GET'
redis.call(cmd, ARGV[2]) -- want: dynamic-key
redis.call('GET', ('%s:x'):format(ARGV[1])) -- want: dynamic-key
redis.call('GET', string.format('user:%s', KEYS[1]))  -- derived-key (info): see testdata/derived-key/redteam_e_more.lua
local k = KEYS[1] .. ':' .. ARGV[1]
redis.call('GET', k)  -- derived-key (info): see testdata/derived-key/redteam_e_more.lua
local key = 'a'
key = key .. ARGV[1]
redis.call('GET', key) -- want: dynamic-key
local ids = cjson.decode(ARGV[1])
for _, id in ipairs(ids) do
  redis.call('DEL', 'job:' .. id) -- want: dynamic-key
end
for i = 1, #ARGV, 2 do
  redis.call('SET', ARGV[i], ARGV[i + 1]) -- want: dynamic-key
end
redis.call('BLMOVE', KEYS[1], ARGV[1], 'LEFT', 'RIGHT', 0) -- want: dynamic-key
redis.call('EVALSHA', ARGV[1], 0)
redis.call('OBJECT', 'FREQ', ARGV[1]) -- want: dynamic-key
return inner()
