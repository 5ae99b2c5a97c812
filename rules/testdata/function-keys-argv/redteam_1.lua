#!lua name=lib
local function f(keys, args)
  return redis.call('GET', KEYS[1]) -- want: function-keys-argv
end
local function g(keys, args)
  return #ARGV -- want: function-keys-argv
end
redis.register_function('f', f)
redis.register_function('g', g)
redis.register_function{function_name='h', callback=function(keys, args) return ARGV[1] end} -- want: function-keys-argv
redis.register_function('i', function(keys, args) local k = KEYS return k[1] end) -- want: function-keys-argv
