-- redis: error "This Redis command is not allowed from script"
redis.call('MULTI') -- want: command-not-allowed
