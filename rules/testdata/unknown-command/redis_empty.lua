-- redis: error "Unknown Redis command called from script"
return redis.call('', 'k') -- want: unknown-command
