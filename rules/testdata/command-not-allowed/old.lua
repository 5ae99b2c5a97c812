-- fixture: redis-version=7.0
redis.call('BLPOP', KEYS[1], 0)               -- want: command-not-allowed "'BLPOP' cannot be called from a script on Redis 7.0 (allowed from Redis 7.2 on, where it does not block)"
redis.call('WAIT', 1, 0)                      -- want: command-not-allowed "set redis-version: 7.2"
redis.call('XREAD', 'COUNT', 1, 'BLOCK', 0, 'STREAMS', KEYS[1], '$') -- want: command-not-allowed "XREAD command is not allowed with BLOCK option from scripts"
