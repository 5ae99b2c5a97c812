local print = function(...) redis.log(redis.LOG_NOTICE, ...) end
print("x")
local os = {time = function() return 1 end}
local t = os.time()
local function f(io) return io.read() end
local debug = false
if debug then redis.log(redis.LOG_DEBUG, "x") end
local r = {require = 1}
return r.require + t
