#!lua name=kalib2
-- keys and args are the callback's parameters.
redis.register_function('get', function(keys, args)
  local KEYS_COUNT = #keys
  return redis.call('GET', keys[1]) .. args[1] .. KEYS_COUNT
end)
