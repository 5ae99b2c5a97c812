#!LUA NAME=lib
local function f(keys, args)
  return KEYS[1] -- want: function-keys-argv
end
redis.register_function('f', f)
