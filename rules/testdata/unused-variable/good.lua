-- Read variables, `_` names and parameters are not reported.
local key = KEYS[1]
local _ = redis.call('GET', key)
local _ignored = 1
for _, v in ipairs(ARGV) do
  redis.call('SADD', key, v)
end
for _i = 1, 2 do
  redis.call('INCR', key)
end
local function helper(unused_param, keys, args)
  return 1
end
local function fact(n)
  if n <= 1 then return 1 end
  return n * fact(n - 1)
end
local count = 0
count = count + 1
local t = {}
t.x = 1
local captured = 5
local function get() return captured end
local redis_call = redis.call
redis_call('SET', key, helper() + fact(3) + count + get())
return t
