local a = _G.foo -- want: undefined-global "foo"
local b = _G["bar"] -- want: undefined-global
local c = _G.tostring
local d = rawget(_G, 'foo')
local e = _G.KEYS
local f = _G._G
local g = _G.redis.call
_G.h = 1
return {a, b, c, d, e, f, g}
