-- Idioms real scripts use that must not be reported.
local rcall = redis.call
local key = KEYS[1]
rcall('SET', key, ARGV[1])
redis.call('GET', KEYS[2])
for i = 1, #KEYS do
  redis.call('DEL', KEYS[i])
end
for _, k in ipairs(KEYS) do
  redis.call('EXPIRE', k, tonumber(ARGV[2]))
end
local n = #KEYS
redis.call('LPUSH', KEYS[n], ARGV[1])
local function touch(k, ttl)
  -- a parameter whose every call passes a KEYS element: a KEYS element
  -- (k .. ':touched' would be a key built from KEYS[1]: bad_param_from_calls.lua)
  rcall('EXPIRE', k, ttl)
end
touch(KEYS[1], 10)
local function expireAll(k)
  -- a parameter of a helper that escapes (passed to pcall): unknown
  rcall('EXPIRE', k .. ':touched', 10)
end
pcall(expireAll, ARGV[1])
-- values built from ARGV are fine outside key positions
redis.call('HSET', KEYS[1], 'field:' .. ARGV[1], cjson.encode({a = ARGV[2]}))
redis.call('PUBLISH', 'events:' .. ARGV[1], 'x')
redis.call(ARGV[3], KEYS[1])
local r = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[2], r)
return unpack(KEYS)
