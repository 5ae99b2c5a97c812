-- The same key written out again (built only from KEYS and ARGV elements
-- and literals) is one finding, at its first use: its value is the same
-- wherever the script writes it.
redis.call('ZADD', KEYS[1] .. ':Q', ARGV[1], ARGV[2]) -- want: derived-key "(3 uses)"
redis.call('EXPIRE', KEYS[1] .. ':Q', 60)
redis.call('ZREM', KEYS[1] ..  ':Q', ARGV[3])
redis.call('HSET', KEYS[1] .. ':meta', 'n', 1) -- want: derived-key "KEYS[1]"
local function helper()
  -- another function: judged apart
  return redis.call('ZCARD', KEYS[1] .. ':Q') -- want: derived-key
end
return helper()
