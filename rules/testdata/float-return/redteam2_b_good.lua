local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local pct = math.floor(used * 100 / 3)
local r = redis.call('INCRBYFLOAT', KEYS[1], '0.5')
if used > 1 then return r end
return {pct, tostring(used / 3), string.format('%.3f', used / 7)}
