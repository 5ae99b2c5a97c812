-- Everything here exists in the EVAL sandbox of the default target.
local n = tonumber(ARGV[1])
local s = tostring(n)
local t = {unpack({1, 2})}
local c = table.getn(t) + table.maxn(t) + #t
local fmt = string.format('%s:%d', s, c)
local e = cjson.encode({a = cjson.null})
local p = cmsgpack.pack(1)
local b = bit.band(1, 3) + bit.tohex(255):len()
local st = struct.pack('>I2', 1)
local co = coroutine.create(function() end)
local clock = os.clock()
local ver = redis.REDIS_VERSION .. redis.REDIS_VERSION_NUM
local sha = redis.sha1hex(fmt)
redis.log(redis.LOG_NOTICE, 'ok')
redis.setresp(2)
redis.replicate_commands()
redis.set_repl(redis.REPL_ALL)
local ok = pcall(error, 'x') and xpcall(function() end, function() end)
local g = _G.tostring
local ty = type(select('#', 1)) .. _VERSION
local mt = getmetatable(setmetatable({}, {}))
local ld = loadstring('return 1')
local k = next({}) or rawget({}, 1) or rawequal(1, 1)
collectgarbage()
gcinfo()
assert(ipairs(t))
assert(pairs(t))
-- A global the script assigns is reported once, by global-assignment.
counter = 1
-- Feature tests of missing fields are how portable code adapts: nil, no error.
local unpack_ = table.unpack or unpack
if string.pack then error('unexpected string.pack') end
local has = redis.VALKEY_VERSION ~= nil and not math.type
while table.move do break end
return {n, s, c, fmt, e, p, b, st, co, clock, ver, sha, ok, g, ty, mt, ld, k, counter, math.floor(1.5), math.huge, math.pi, KEYS[1], unpack_, has}
