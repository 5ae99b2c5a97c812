#!lua name=ltlib2
-- Only registration, logging, version fields, literals and function
-- definitions run at load time; the rest is inside function bodies.
local PREFIX = 'app:'
local LIMITS = { free = 10, pro = 100 }
local VERSION = redis.REDIS_VERSION_NUM
redis.log(redis.LOG_NOTICE, 'loading ' .. redis.REDIS_VERSION)
local function helper(k)
  return string.format('%s%s', PREFIX, k) .. tostring(LIMITS.free)
end
local function get(keys, args)
  local rcall = redis.call
  for _, k in ipairs(keys) do rcall('GET', helper(k)) end
  return cjson.encode({ v = VERSION, n = math.floor(2.5) })
end
redis.register_function('get', get)
redis.register_function{ function_name = 'get2', callback = get, flags = { 'no-writes' } }
