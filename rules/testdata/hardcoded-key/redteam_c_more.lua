local cmd = 'INCR'
redis.call(cmd, 'counter') -- want: hardcoded-key
redis.call('SET', string.format('%s', 'x'), 1) -- want: hardcoded-key "key 'x'"
redis.call('SET', 'a' .. 'b', 1) -- want: hardcoded-key
redis.call('RENAME', KEYS[1], 'new') -- want: hardcoded-key
redis.call('SET', KEYS[1], 'OK')
redis.call('GET', 123) -- want: hardcoded-key
return 1
