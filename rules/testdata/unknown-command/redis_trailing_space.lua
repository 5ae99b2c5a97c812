-- redis: error "Unknown Redis command called from script"
return redis.call('GET ', 'k') -- want: unknown-command "remove the spaces"
