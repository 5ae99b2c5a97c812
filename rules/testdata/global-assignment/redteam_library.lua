#!lua name=lib
counter = 0 -- want: global-assignment
local function h(keys, args)
  total = 1 -- want: global-assignment
  return 1
end
redis.register_function('h', h)
redis.register_function{function_name='h2', callback=function(keys, args) y = 1 return 1 end} -- want: global-assignment
redis.register_function('h3', function(keys, args) function g() end return 1 end) -- want: global-assignment
