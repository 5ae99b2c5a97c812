#!lua name=kalib
local first = KEYS[1]                         -- want: function-keys-argv "while the library loads"
redis.register_function('get', function(keys, args)
  local v = redis.call('GET', KEYS[1])        -- want: function-keys-argv "use the callback's first parameter 'keys'"
  return v .. ARGV[1]                         -- want: function-keys-argv "second parameter 'args'"
end)
redis.register_function('noparams', function()
  return #KEYS                                -- want: function-keys-argv "declare the callback as function(keys, args)"
end)
local function helper()
  return ARGV[2]                              -- want: function-keys-argv
end
redis.register_function('h', helper)
