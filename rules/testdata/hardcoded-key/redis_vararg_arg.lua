-- Lua 5.1's implicit "arg" (LUA_COMPAT_VARARG, kept by Redis): a vararg
-- function whose body does not use "..." gets a local table "arg" of its
-- extra arguments, here ARGV[1] = "x", so the key is "p:x" from the
-- caller, not hard-coded.
-- redis: reply bulk:"hello"
-- redis-setup: SET p:x hello
-- redis-args: x
local function f(...)
  local t = arg[1]
  return redis.call('GET', 'p:' .. t)
end
return f(ARGV[1])
