-- fixture: redis-version=7.0
-- redis: ok
-- redis-keys: k
-- redis-args: 3
local n = tonumber(ARGV[1])
local t = {unpack({1, 2})}
local e = cjson.encode({a = table.getn(t)})
local b = bit.band(n, 1) + struct.size('>I2')
local p = cmsgpack.unpack(cmsgpack.pack(1))
local c = coroutine.running()
local v = redis.REDIS_VERSION
local s = redis.sha1hex(string.format('%s%s', e, v))
redis.call('SET', KEYS[1], s)
return {n, b, p, type(c), math.floor(1.5), gcinfo() > 0 and 1 or 0}
