#!lua name=lib
local function helper(k)
  return redis.call('DEL', k) -- want: write-in-read-only
end
local function ro(keys, args)
  return helper(keys[1])
end
redis.register_function{function_name='ro', callback=ro, flags={'no-writes'}}
