#!lua name=dk2
local function handler(k, a)
  redis.call('SET', k[1], a[1])
  redis.call('SET', k[1] .. ':meta', a[1]) -- want: derived-key "hash tag"
  redis.call('SET', a[1] .. ':x', 1)
  return 1
end
redis.register_function{function_name = 'h', callback = handler, flags = {'allow-oom'}}
