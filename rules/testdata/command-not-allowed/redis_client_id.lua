-- redis: error "This Redis command is not allowed from script"
return redis.call('CLIENT', 'ID') -- want: command-not-allowed
