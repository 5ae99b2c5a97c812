#!lua name=wbv2
local function f(keys, args)
  local call = redis.call
  call('HSET', keys[1], 'a', args[1])
  assert(tonumber(args[2]), 'not a number') -- want: write-before-validation
  return 1
end
redis.register_function{function_name = 'f', callback = f}
