-- helpers whose results are whole: not reported
local function whole(x) return math.floor(x / 2) end
local function text(x) return tostring(x / 3) end
local function get(k) return redis.call('GET', k) end
local function count(k) return redis.call('LLEN', k) * 2 end
local a = tonumber(ARGV[1])
if a == 1 then return whole(a) end
if a == 2 then return text(a) end
if a == 3 then return get(KEYS[1]) end
return count(KEYS[1])
