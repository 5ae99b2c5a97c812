local results = {}
results[1] = redis.pcall('INCR', KEYS[1])
local r = redis.pcall('GET', KEYS[1]) -- want: unchecked-pcall
for _, x in ipairs(r) do end
return results
