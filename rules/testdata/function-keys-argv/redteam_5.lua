#!lua name=lib
local function helper() return KEYS[1] end -- want: function-keys-argv
local M = {}
function M.h(keys) return ARGV[1] end -- want: function-keys-argv
redis.register_function('f', function(keys) return helper() end)
redis.register_function('g', M.h)
redis.register_function{function_name = 'i', callback = function(keys, args)
  local function nested() return KEYS[2] end -- want: function-keys-argv
  return nested()
end}
