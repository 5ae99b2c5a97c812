#!lua name=mylib
local function f(keys, args)
  redis.call('SET', 'q:' .. args[1], 1) -- want: dynamic-key
  redis.call('SET', keys[1], args[1])
  local k = keys[2]
  server.call('GET', k)
  redis.call('SET', args[2], 1) -- want: dynamic-key
  return 1
end
redis.register_function('f', f)
redis.register_function{function_name='g', callback=function(keys, args)
  return redis.call('GET', args[1]) -- want: dynamic-key
end}
