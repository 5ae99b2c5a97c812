#!lua name=dk2
local function handler(k, a)
  redis.call('SET', k[1], a[1])
  redis.call('SET', k[1] .. ':meta', a[1])  -- derived-key (info): see testdata/derived-key/redteam_f_lib.lua
  redis.call('SET', a[1] .. ':x', 1) -- want: dynamic-key
  return 1
end
redis.register_function{function_name = 'h', callback = handler, flags = {'allow-oom'}}
