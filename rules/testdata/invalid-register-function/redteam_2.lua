#!lua name=lib
local name = 'dyn'
redis.register_function(name, function() return 1 end)
local M = {}
function M.cb(keys, args) return 1 end
redis.register_function('m', M.cb)
local cbs = {a = function() return 1 end}
for n, cb in pairs(cbs) do redis.register_function(n, cb) end
