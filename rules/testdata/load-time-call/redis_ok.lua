#!lua name=lttest3
-- redis: ok
local PREFIX = 'app:'
redis.log(redis.LOG_NOTICE, 'loading ' .. redis.REDIS_VERSION)
local function helper() return math.floor(2.5) end
redis.register_function('f', function() return PREFIX .. helper() end)
