-- A declared command's literal key is a hardcoded key.
-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write], keys: {first: 1, last: 1, step: 1}}]
redis.call('JSON.SET', 'config', '$', ARGV[1])  -- want: hardcoded-key
redis.call('JSON.SET', KEYS[1], '$', ARGV[1])
redis.call('JSON.GET', 'config')
