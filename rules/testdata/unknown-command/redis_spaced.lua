-- redis: error "Unknown Redis command called from script"
return redis.call('object encoding', 'k') -- want: unknown-command
