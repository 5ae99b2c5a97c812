#!lua name=lib
local x = string.format('%d', 1) -- want: load-time-call
local y = redis.call('GET', 'k') -- want: load-time-call
for k, v in pairs({}) do end -- want: load-time-call
local z = cjson.encode({}) -- want: load-time-call
redis.setresp(3) -- want: load-time-call
redis.log(redis.LOG_WARNING, 'loading ' .. redis.REDIS_VERSION)
local n = redis.REDIS_VERSION_NUM
local function helper() return math.floor(2.5) end -- want: load-time-call "called at line 16"
local t = {}
local q = tonumber('1') -- want: load-time-call
local m = math.max(1, 2) -- want: load-time-call
local s = ('x'):rep(2)
local st = string -- want: load-time-call
local u = type(t) -- want: load-time-call
helper()
redis.pcall('PING') -- want: load-time-call
local ok = redis.sha1hex('x') -- want: load-time-call
redis.register_function('h', function(keys, args) return helper() end)
