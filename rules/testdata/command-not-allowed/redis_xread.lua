-- fixture: redis-version=7.0
-- redis: error "XREAD command is not allowed with BLOCK option from scripts"
return redis.call('XREAD', 'BLOCK', 0, 'STREAMS', 's', '$') -- want: command-not-allowed
