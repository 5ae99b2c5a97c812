local t = {KEYS[1], 'v'}
redis.call('SET', t[1], t[2])
local function wrap(...)
  return redis.call('SET', ...)
end
wrap(KEYS[1])
local k = KEYS[1]
redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
redis.call('SET', k, ARGV[1] or 'x')
redis.call('SET', k, #ARGV)
return redis.call('SET', k, math.floor(1.2))
