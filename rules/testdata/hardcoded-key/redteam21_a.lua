redis.call('DEL', 'a', 'b') -- want: hardcoded-key, hardcoded-key
redis.call('MSET', 'k1', 'v', KEYS[1], 'v', 'k2', 'v') -- want: hardcoded-key, hardcoded-key
return 1
