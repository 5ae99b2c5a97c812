#!lua name=reports_bad
-- A read-only report function registered with flags in the positional
-- form. Only the table form takes flags: FUNCTION LOAD fails with "wrong
-- number of arguments to redis.register_function".
--
-- rp_count(keys={zset}) -> cardinality
-- realistic: fcall_ro=rp_count keys=r:{x}
local function count(keys)
  return redis.call('ZCARD', keys[1])
end

redis.register_function('rp_count', count, {'no-writes'}) -- want: invalid-register-function
