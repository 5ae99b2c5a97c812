-- fixture: redis-version=6.2
-- replicate_commands still matters on 6.2: not reported.
redis.replicate_commands()
redis.call('GETSET', KEYS[1], ARGV[1])        -- want: deprecated "since Redis 6.2"
