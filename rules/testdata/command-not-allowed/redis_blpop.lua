-- fixture: redis-version=7.0
-- redis: error "This Redis command is not allowed from script"
return redis.call('BLPOP', 'list', 0) -- want: command-not-allowed
