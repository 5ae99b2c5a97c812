#!lua name=kalib3
-- A local named KEYS is not the global.
local KEYS = { 'default' }
redis.register_function('get', function(keys, args)
  local ARGV = args
  return redis.call('GET', keys[1] or KEYS[1]) .. ARGV[1]
end)
