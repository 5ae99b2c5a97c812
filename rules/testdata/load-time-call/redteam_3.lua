#!lua name=lib
local M = {}
function M.get(keys, args) return redis.call('GET', keys[1]) end
local lvl = redis.LOG_NOTICE
redis.log(lvl, "x", "y")
if redis.REDIS_VERSION_NUM >= 0x00070200 then
  redis.register_function('get', M.get)
end
do
  local cb = function(keys) return 1 end
  redis.register_function{function_name='cb', callback=cb, flags={'no-writes'}, description='d'}
end
