-- fixture: option allow-prefix-from-argv=true
redis.call('SET', table.concat({ARGV[1], ARGV[2]}, ':'), 1)
redis.call('SET', table.concat({'job', ARGV[2]}, ':'), 1) -- want: dynamic-key
return 1
