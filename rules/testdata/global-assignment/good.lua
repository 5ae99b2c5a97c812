-- Locals, local functions, local tables and the mutable contents of KEYS/ARGV.
local count = 1
local function helper() return count end
local t = {}
t.x = 1
t['y'] = 2
function t.method() return 1 end
function t:other() return self end
KEYS[1] = 'x'
ARGV[2] = 'y'
KEYS.extra = 'z'
local redis_call = redis.call
local tbl = table
local s = string.format('%d', count)
local x
x = 5
local m = {}
rawset(m, 'k', 1)
setmetatable(m, {__index = function() return 0 end})
redis_call('SET', KEYS[1], s .. x .. helper() .. tbl.concat({}, ','))
