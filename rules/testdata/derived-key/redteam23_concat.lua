redis.call('SET', table.concat({KEYS[1], 'jobs'}, ':'), 1) -- want: derived-key "hash tag"
redis.call('SET', table.concat({'a', ARGV[1]}), 1)
redis.call('HSET', KEYS[1], table.concat({'f', ARGV[1]}, ':'), 1)
return 1
