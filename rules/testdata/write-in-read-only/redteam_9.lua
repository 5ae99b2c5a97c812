#!lua name=lib
local function ro(keys, args)
  return redis.call('SET', keys[1], args[1])
end
redis.register_function{function_name='ro', callback=ro, flags={'no-writes'}} -- ok line
redis.register_function{function_name='rw', callback=ro}
