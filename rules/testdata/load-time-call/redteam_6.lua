#!lua name=lib
local M = {}
function M.h(keys) return redis.call('GET', keys[1]) end
local cfg = { ttl = 10 }
local prefix = 'x' .. 'y'
local n = #cfg
local neg = -1
local s = [[long]]
local ok = redis.REDIS_VERSION ~= nil
if redis.REDIS_VERSION_NUM > 0 then redis.log(redis.LOG_NOTICE, 'x') end
local t = setmetatable({}, {}) -- want: load-time-call
local tbl = {}
tbl[1] = 'a'
redis.register_function('h', M.h)
local x = redis.call -- want: load-time-call
