#!lua name=rah
local function cb(keys, args)
  local n = tonumber(args[1])
  return {n, 'x'} -- want: reply-array-hole
end
redis.register_function{function_name = 'a', callback = cb, flags = {'no-writes'}}
redis.register_function('b', function(keys, args)
  local m = args[2]:match('^%d+$')
  return {m, 1} -- want: reply-array-hole
end)
