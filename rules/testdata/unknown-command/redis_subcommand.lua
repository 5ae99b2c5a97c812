-- redis: error "Unknown Redis command called from script"
return redis.call('CLIENT', 'KILLL', 'x') -- want: unknown-command
