#!lua name=rflib2
-- Every valid form; names and flags of unknown origin are not checked.
local function cb(keys, args) return 1 end
local flags = { 'no-writes', 'ALLOW-STALE' }
redis.register_function('plain', cb)
redis.register_function('inline', function(keys, args) return 2 end)
redis.register_function{ function_name = 'named', callback = cb, flags = flags, description = 'd' }
redis.register_function{ FUNCTION_NAME = 'upper', CallBack = cb, FLAGS = { 'no-cluster', 'allow-oom', 'allow-cross-slot-keys' } }
local spec = { function_name = 'from_local', callback = cb }
redis.register_function(spec)
redis.register_function(123, cb)
for _, name in ipairs({ 'x1', 'x2' }) do
  redis.register_function(name, cb)
end
if redis.REDIS_VERSION_NUM >= 0x00070200 then
  redis.register_function('versioned', cb)
else
  redis.register_function('versioned', cb)
end
