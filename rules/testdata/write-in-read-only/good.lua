#!lua name=rwlib
-- Writes in writable functions, reads in read-only ones, helpers shared.
local function write(k) return redis.call('SET', k, '1') end
local function both(k) return redis.call('DEL', k) end
redis.register_function{function_name = 'reader', callback = function(keys)
  both(keys[1])
  return redis.call('GET', keys[1])
end, flags = {'no-writes', 'allow-stale'}}
redis.register_function('writer', function(keys)
  both(keys[1])
  return write(keys[1])
end)
