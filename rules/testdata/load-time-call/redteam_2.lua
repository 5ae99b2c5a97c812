#!lua name=lib
local function make(name)
  return function(keys, args) return redis.call('GET', keys[1]) end
end
redis.register_function('a', make('a'))
