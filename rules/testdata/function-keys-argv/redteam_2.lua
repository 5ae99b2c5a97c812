#!lua name=lib
local KEYS = {}
local function f(keys, args)
  local ARGV = args
  return ARGV[1]
end
local function g(KEYS, ARGV)
  return redis.call('GET', KEYS[1], ARGV[1])
end
redis.register_function('f', f)
redis.register_function('g', g)
