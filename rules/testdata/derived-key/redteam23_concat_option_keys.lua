-- fixture: option allow-prefix-from-keys=true
redis.call('SET', table.concat({KEYS[1], 'jobs'}, ':'), 1)
redis.call('SET', table.concat({ARGV[1], KEYS[1]}), 1)
return 1
