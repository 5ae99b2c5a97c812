#!lua name=lib
local function f(keys, args) return 1 end
local function h(keys, args) return keys[1] end
redis.register_function('f', f)
redis.register_function{function_name='h', callback=h}
local state = 0 -- want: unused-variable
