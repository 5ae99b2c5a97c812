#!lua name=ug_good
local function helper(keys)
  return redis.call('GET', keys[1])
end
redis.log(redis.LOG_NOTICE, 'loading ' .. redis.REDIS_VERSION)
redis.register_function('ug_good_f', function(keys, args)
  return {helper(keys), tonumber(args[1]), string.upper(args[2] or ''), cjson.encode({})}
end)
redis.register_function{function_name = 'ug_good_g', callback = function(keys, args) return redis.pcall('GET', keys[1]) end, flags = {'no-writes'}}
