local i = 0
repeat
  i = i + 1
until i >= 10
for i = 10, 1, -1 do end
for i = 1, 100, 5 do end
local n = #KEYS
for i = 1, n do end
while true do
  local ok = redis.call('SETNX', KEYS[1], 1)
  if ok == 1 then break end
  return 0
end
for i = 1, #redis.call('HKEYS', KEYS[1]) do end
