redis.call('SET', KEYS[1], 1)
local function fail(msg) error(msg) end
return 1
