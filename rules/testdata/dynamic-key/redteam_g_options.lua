-- fixture: option allow-prefix-from-keys=true
redis.call('SET', KEYS[1] .. ':jobs', 1)
redis.call('SET', string.format('%s:x', KEYS[1]), 1)
redis.call('SET', ARGV[1] .. ':jobs', 1) -- want: dynamic-key
