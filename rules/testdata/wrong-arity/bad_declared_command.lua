-- A declared command's arity is checked like a table command's.
-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write], keys: 1}, {name: MYMOD.PAIR, arity: 3, flags: [readonly], keys: 1}]
redis.call('JSON.SET', KEYS[1], '$')            -- want: wrong-arity "'JSON.SET'"
redis.call('MYMOD.PAIR', KEYS[1])               -- want: wrong-arity "'MYMOD.PAIR'"
redis.call('MYMOD.PAIR', KEYS[1], 'a', 'b')     -- want: wrong-arity "'MYMOD.PAIR'"
redis.call('JSON.SET', KEYS[1], '$', ARGV[1])
redis.call('MYMOD.PAIR', KEYS[1], 'a')
-- Undeclared module commands have no arity to check.
redis.call('JSON.GET')
