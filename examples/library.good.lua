#!lua name=counters
-- A Redis Functions library: load it with FUNCTION LOAD, call it with FCALL.
-- Functions receive their keys and arguments as parameters; KEYS and ARGV do
-- not exist here, and nothing but registration runs at load time.

-- incr_capped: FCALL incr_capped 1 <counter> <increment> <cap>
-- Adds the increment unless the counter would go over the cap; returns the
-- new value.
local function incr_capped(keys, args)
  local by = tonumber(args[1])
  local cap = tonumber(args[2])
  if not by or by % 1 ~= 0 or not cap then
    return redis.error_reply('ERR increment must be an integer and cap a number')
  end
  local current = tonumber(redis.call('GET', keys[1])) or 0
  if current + by > cap then
    return redis.error_reply('ERR cap exceeded')
  end
  return redis.call('INCRBY', keys[1], by)
end

-- peek: FCALL_RO peek 1 <counter>
-- Returns the counter's value, or false when it does not exist.
local function peek(keys)
  return redis.call('GET', keys[1])
end

redis.register_function('incr_capped', incr_capped)
redis.register_function{
  function_name = 'peek',
  callback = peek,
  flags = {'no-writes'},
}
