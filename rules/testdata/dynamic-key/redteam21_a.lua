redis.call('MSET', 'a:' .. ARGV[1], 1, 'b:' .. ARGV[2], 2) -- want: dynamic-key, dynamic-key
redis.call('SET', KEYS[1]:gsub('x', 'y'), 1) -- want: dynamic-key
return 1
