redis.call('XREAD', 'COUNT', 10, 'STREAMS', 'x:' .. ARGV[1], '0') -- want: dynamic-key
redis.call('LMPOP', 2, KEYS[1], ARGV[1], 'LEFT') -- want: dynamic-key
redis.call('XGROUP', 'CREATE', ARGV[1], 'g', '$') -- want: dynamic-key
redis.call('MEMORY', 'USAGE', ARGV[1]) -- want: dynamic-key
redis.call('GEOSEARCHSTORE', ARGV[1], KEYS[1], 'FROMLONLAT', 0, 0, 'BYRADIUS', 1, 'km') -- want: dynamic-key
redis.call('SINTERCARD', 2, KEYS[1], ARGV[2]) -- want: dynamic-key
redis.call('ZADD', KEYS[1], 'NX', 1, ARGV[1])
redis.call('XADD', KEYS[1], 'MAXLEN', '~', 1000, '*', 'f', ARGV[1])
redis.call('PFMERGE', KEYS[1], ARGV[1]) -- want: dynamic-key
redis.call('COPY', KEYS[1], ARGV[1]) -- want: dynamic-key
redis.call('LMOVE', KEYS[1], 'q:' .. ARGV[1], 'LEFT', 'RIGHT') -- want: dynamic-key
return 1
