#!lua name=flr
redis.register_function{function_name = 'avg', callback = function(keys, args)
  local s = tonumber(redis.call('GET', keys[1]) or '0')
  return {s, s / 3} -- want: float-return
end, flags = {'no-writes'}}
