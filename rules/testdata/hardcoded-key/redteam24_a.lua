redis.call('SPUBLISH', 'shard-chan', 'm')
redis.call('CLUSTER', 'KEYSLOT', 'somekey')
redis.call('XINFO', 'STREAM', 'events') -- want: hardcoded-key
redis.call('SELECT', 1)
redis.call('TYPE', 'k') -- want: hardcoded-key
redis.call('SORT', 'list', 'BY', 'nosort') -- want: hardcoded-key
redis.call('HSET', KEYS[1], 'config', 'v')
redis.call('LPUSH', KEYS[1], 'config')
redis.call('SMOVE', KEYS[1], 'dst', 'member') -- want: hardcoded-key
return 1
