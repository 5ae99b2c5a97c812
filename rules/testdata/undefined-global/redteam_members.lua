local a = table.unpack({1}) -- want: undefined-global "unpack"
local b = math.pow(2, 2)
local c = string.gfind('a', 'a')
local d = math.mod(3, 2)
table.foreach({}, print)
local e = cjson.null
local f = bit.tohex(1)
local g = struct.size('i')
local h = cmsgpack.unpack_one('x')
local i = math.tointeger(1) -- want: undefined-global
local j = string.pack('i', 1) -- want: undefined-global
local k = redis.REDIS_VERSION
local l = redis.acl_check_cmd('GET', 'x')
local m = table.pack(1) -- want: undefined-global
local n = string.len('x')
local o = cjson.encode_keep_buffer
local p = math.type(1) -- want: undefined-global
local q = table.move -- want: undefined-global
local r = string.utf8len -- want: undefined-global
return {a, b}
