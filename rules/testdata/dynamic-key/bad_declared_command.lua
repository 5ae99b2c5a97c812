-- A declared command's key positions make its computed keys reported.
-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write], keys: 1}, {name: MYMOD.COPY, arity: 3, flags: [write], keys: [1, 2]}]
redis.call('JSON.SET', 'doc:' .. ARGV[1], '$', ARGV[2])   -- want: dynamic-key "key built from ARGV[1]"
redis.call('MYMOD.COPY', KEYS[1], ARGV[1])               -- want: dynamic-key "key taken from ARGV[1]"
-- Not a key position: the path and the value.
redis.call('JSON.SET', KEYS[1], '$.' .. ARGV[1], ARGV[2])
-- Undeclared: no key positions known.
redis.call('JSON.GET', 'doc:' .. ARGV[1])
