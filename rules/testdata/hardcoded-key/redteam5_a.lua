#!lua name=hk
local function f(keys, args)
  local call = redis.call
  call('SET', 'lib:counter', 1) -- want: hardcoded-key
  return redis.call('GET', keys[1])
end
redis.register_function('f', f)
