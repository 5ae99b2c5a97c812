#!lua flags=no-write
-- want@1: invalid-shebang `did you mean 'no-writes'?`
-- redis: error "Unexpected flag in script shebang: no-write"
return redis.call('GET', KEYS[1])
