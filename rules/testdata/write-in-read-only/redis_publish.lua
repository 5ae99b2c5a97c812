#!lua flags=no-writes
-- redis: error "Write commands are not allowed from read-only scripts"
return redis.call('PUBLISH', 'ch', 'm') -- want: write-in-read-only
