redis.call('GET', KEYS[1]:lower()) -- want: dynamic-key
redis.call('SET', KEYS[1] .. '', 1)  -- derived-key (info): see testdata/derived-key/redteam2_a.lua
local keys = KEYS
redis.call('GET', keys[2])
local k1, k2 = KEYS[1], KEYS[2]
redis.call('RENAME', k1, k2)
local kk = KEYS[1]
if ARGV[1] then kk = ARGV[1] end
redis.call('GET', kk) -- want: dynamic-key
return 1
