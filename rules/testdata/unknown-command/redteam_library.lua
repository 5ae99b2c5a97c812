#!lua name=lib
local function f(keys, args)
  return redis.call('GTE', keys[1]) -- want: unknown-command
end
redis.register_function('f', f)
redis.register_function{function_name='g', callback=function(keys) return redis.call('HGTE', keys[1], 'a') end} -- want: unknown-command
