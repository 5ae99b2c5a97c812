-- Strings, integers, converted values and values of unknown origin.
redis.call('SET', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], 10)
redis.call('EXPIRE', KEYS[1], 1e3)
redis.call('SET', KEYS[1], tostring(ARGV[1] == 'x'))
redis.call('SET', KEYS[1], tostring(1.5))
redis.call('DEL', unpack(KEYS))
redis.call('INCRBYFLOAT', KEYS[1], 0.1)
redis.call('ZADD', KEYS[1], 1.5, 'm')
local v
if ARGV[1] then v = ARGV[1] end
redis.call('SET', KEYS[1], v)
local function f(x) return redis.call('SET', KEYS[1], x) end
-- f escapes (passed to pcall): x is of unknown origin
pcall(f, nil)
redis.call('SET', KEYS[1], redis.call('GET', KEYS[2]))
redis.call('SET', KEYS[1], ARGV[1] or '')
redis.call('ZINCRBY', KEYS[1], 0.3, 'm')
