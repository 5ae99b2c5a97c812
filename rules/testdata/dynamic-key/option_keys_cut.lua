-- fixture: option allow-prefix-from-keys=true
-- The option accepts KEYS[1] .. text, which keeps KEYS[1]'s hash tag; a
-- piece cut out of a KEYS element may have lost it, so it is still
-- reported.
local owner, bucket = string.match(KEYS[1], '^(%w+):(%w+):')
redis.call('SADD', owner, bucket) -- want: dynamic-key "key cut out of KEYS[1] with string.match"
local head = KEYS[2]:sub(1, 8)
redis.call('INCR', head .. ':hits') -- want: dynamic-key "key cut out of KEYS[2] with string.sub"
redis.call('INCR', KEYS[1] .. ':hits')
return redis.call('SADD', bucket, KEYS[1]) -- want: dynamic-key "key cut out of"
