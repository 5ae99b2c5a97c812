-- The server does not know ARRING (Redis 7.0.15).
-- redis: error "Unknown Redis command called from script"
return redis.call('ARRING', KEYS[1], 'x') -- want: unknown-command
-- redis-keys: k
