local reply = redis.call('HMGET', KEYS[1], 'a', 'b')
if reply[1] ~= nil then return 1 end
local x = redis.call('GET', KEYS[1])
if x ~= nil and x ~= false then return 2 end
if x == false then return 3 end
if not x then return 4 end
local s = redis.call('SET', KEYS[1], 'v')
if s.ok == 'OK' then return 5 end
if s['ok'] == 'OK' then return 5 end
if redis.call('GET', KEYS[1]) == 'OK' then return 6 end
local t = redis.call('TYPE', KEYS[1])
if t.ok == 'string' then return 7 end
local n = redis.call('INCR', KEYS[1])
if n == 1 then return 8 end
local m = {}
if m[1] == nil then return 9 end
local h = redis.call('HGETALL', KEYS[1])
if h[2] == nil then return 10 end
x = nil
if x == nil then return 11 end
local y = tonumber(redis.call('GET', KEYS[1]))
if y == nil then return 12 end
return 0
