-- Commands declared in the configuration are known: a module's, and one of
-- a server newer than the table. An undeclared module command (a dotted
-- name) stays accepted without a finding.
-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write, denyoom], keys: 1}, {name: ARRING, arity: -3, flags: [write], keys: 1}]
redis.call('JSON.SET', KEYS[1], '$', ARGV[1])
redis.call('json.set', KEYS[1], '$', ARGV[1])
redis.call('ARRING', KEYS[2], ARGV[2])
redis.call('FT.SEARCH', 'idx', ARGV[3])
return redis.call('JSON.GET', KEYS[1])
