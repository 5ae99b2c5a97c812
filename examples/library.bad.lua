#!lua name=counters
-- A Redis Functions library: load it with FUNCTION LOAD, call it with FCALL.
--
-- Problems:
--   * redis.call at the top level runs while the library loads, where only
--     redis.register_function and redis.log exist: FUNCTION LOAD fails
--     (load-time-call); the key is also a literal (hardcoded-key)
--   * KEYS and ARGV do not exist inside a function: the callback receives
--     them as its parameters (function-keys-argv)
local step = redis.call('GET', 'config:counter-step')

local function incr(keys, args)
  return redis.call('INCRBY', KEYS[1], ARGV[1] or step)
end

redis.register_function('incr', incr)
