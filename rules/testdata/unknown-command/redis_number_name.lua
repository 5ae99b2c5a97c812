-- redis: error "Unknown Redis command called from script"
return redis.call(1) -- want: unknown-command "the number 1"
