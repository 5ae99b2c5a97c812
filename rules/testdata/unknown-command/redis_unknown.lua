-- redis: error "Unknown Redis command called from script"
return redis.call('GTE', 'k') -- want: unknown-command
