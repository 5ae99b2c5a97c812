-- Only an ARGV prefix plus a value made in the script moves to derived-key:
-- a literal prefix plus stored data, and an ARGV prefix plus literal text
-- or other ARGV (which the caller could pass whole in KEYS), stay errors.
local u = redis.call('HGET', KEYS[1], 'owner')
redis.call('HINCRBY', 'prop::user::' .. u, 'n', 1) -- want: dynamic-key[error]
redis.call('SET', ARGV[1] .. ':meta', 1) -- want: dynamic-key[error]
redis.call('SET', ARGV[1] .. ARGV[2], 1) -- want: dynamic-key[error]
local id = redis.call('INCR', KEYS[2])
redis.call('SET', ARGV[3] .. id, 1)
return 1
