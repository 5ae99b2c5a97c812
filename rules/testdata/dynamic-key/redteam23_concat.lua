redis.call('SET', table.concat({KEYS[1], 'jobs'}, ':'), 1)  -- derived-key (info): see testdata/derived-key/redteam23_concat.lua
redis.call('SET', table.concat({'a', ARGV[1]}), 1) -- want: dynamic-key "ARGV[1]"
redis.call('HSET', KEYS[1], table.concat({'f', ARGV[1]}, ':'), 1)
return 1
