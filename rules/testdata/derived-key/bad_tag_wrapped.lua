-- A script that wraps a KEYS element in a hash tag keeps the key in the
-- element's slot while the element holds no braces: the message says so,
-- rather than asking for a tag in the element.
local tag = KEYS[1]
local pending = '{' .. tag .. '}' .. ':pending'
redis.call('SUNIONSTORE', pending, tag) -- want: derived-key "key built by wrapping KEYS[1] in a {hash tag}"
redis.call('INCR', 'q{' .. KEYS[2] .. '}:n') -- want: derived-key "wrapping KEYS[2]"
redis.call('INCR', string.format('{%s}:seen', KEYS[1])) -- want: derived-key "wrapping KEYS[1]"
redis.call('INCR', '{a}' .. '{' .. KEYS[1] .. '}') -- want: derived-key "cluster-safe only if KEYS[1] carries a {hash tag}"
return redis.call('SCARD', KEYS[1] .. ':{x}') -- want: derived-key "cluster-safe only if KEYS[1] carries"
