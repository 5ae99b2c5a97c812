-- fixture: redis-version=valkey-8.0
server.call('SET', KEYS[1], ARGV[1], 'IFEQ', ARGV[2]) -- want: unknown-command "needs Valkey 8.1"
server.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f') -- want: unknown-command "exists only on Redis 7.4+"
server.call('NOPE', KEYS[1])                          -- want: unknown-command "Unknown command called from script"
