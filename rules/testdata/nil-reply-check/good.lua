local rcall = redis.call
local v = rcall('GET', KEYS[1])
if not v then
  return 0
end
if v == false then
  return 1
end
local h = redis.call('HGET', KEYS[2], 'f')
if h ~= nil and h ~= false then
  return h
end
local all = redis.call('HGETALL', KEYS[3])
local i = 1
while all[i] ~= nil do
  i = i + 2
end
if all[1] == nil then
  return 2
end
local st = redis.call('SET', KEYS[1], ARGV[1])
if st.ok == 'OK' then
  return 3
end
local old = redis.call('SET', KEYS[1], ARGV[1], 'GET')
if old == 'previous' then
  return 4
end
if redis.call('GET', KEYS[1]) == 'x' then
  return 5
end
local y
if ARGV[1] then
  y = redis.call('GET', KEYS[2])
end
if y == nil then
  return 6
end
return redis.call('TYPE', KEYS[1]).ok == 'none'
