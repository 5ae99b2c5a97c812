-- A typo of a declared command is suggested like a table command.
-- fixture: config commands: [{name: ARRING, arity: -3, flags: [write], keys: 1}]
redis.call('ARRINGG', KEYS[1], ARGV[1])         -- want: unknown-command "did you mean 'ARRING'?"
