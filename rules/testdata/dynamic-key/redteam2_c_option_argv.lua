-- fixture: option allow-prefix-from-argv=true
local prefix = ARGV[1]
redis.call('SET', prefix .. 'jobs', 1)
redis.call('SET', ARGV[1] .. ':' .. ARGV[2], 1)
redis.call('SET', string.format('%s:%s', ARGV[1], ARGV[2]), 1)
redis.call('SET', 'bull:' .. ARGV[1], 1) -- want: dynamic-key
redis.call('SET', ARGV[2], 1) -- want: dynamic-key
redis.call('SET', KEYS[1] .. ':x', 1)  -- derived-key (info): see testdata/derived-key/redteam2_c_option_argv.lua
local v = redis.call('GET', KEYS[1])
redis.call('SET', prefix .. v, 1)
return 1
