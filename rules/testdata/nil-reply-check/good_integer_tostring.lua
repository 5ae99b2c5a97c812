-- Integer replies compared with numbers, tostring results compared with
-- strings.
local removed = redis.call('DEL', KEYS[1])
if removed ~= 0 then
  redis.call('PUBLISH', KEYS[2], 'gone')
end
local s = tostring(redis.call('GET', KEYS[4]))
if s == 'false' then
  return 1
end
local v = tostring(ARGV[1])
if v == nil then
  return 2
end
return removed
