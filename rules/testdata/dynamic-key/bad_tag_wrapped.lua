-- A script that wraps a KEYS element in a hash tag keeps the key in the
-- element's slot while the element holds no braces: the message says so,
-- rather than asking for a tag in the element.
local tag = KEYS[1]
local pending = '{' .. tag .. '}' .. ':pending'
redis.call('SUNIONSTORE', pending, tag)  -- derived-key (info): see testdata/derived-key/bad_tag_wrapped.lua
redis.call('INCR', 'q{' .. KEYS[2] .. '}:n')  -- derived-key (info): see testdata/derived-key/bad_tag_wrapped.lua
redis.call('INCR', string.format('{%s}:seen', KEYS[1]))  -- derived-key (info): see testdata/derived-key/bad_tag_wrapped.lua
redis.call('INCR', '{a}' .. '{' .. KEYS[1] .. '}')  -- derived-key (info): see testdata/derived-key/bad_tag_wrapped.lua
return redis.call('SCARD', KEYS[1] .. ':{x}')  -- derived-key (info): see testdata/derived-key/bad_tag_wrapped.lua
