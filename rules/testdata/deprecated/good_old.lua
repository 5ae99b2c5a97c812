-- fixture: redis-version=6.2
redis.replicate_commands()
redis.call('SET', KEYS[1], ARGV[1])
