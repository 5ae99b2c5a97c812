local cursor = '0'
repeat -- want: unbounded-loop
  local r = redis.call('SCAN', cursor, 'MATCH', 'x:*')
  cursor = r[1]
until cursor == '0'
local c2 = "0"
while true do -- want: unbounded-loop
  local res = redis.call('HSCAN', KEYS[1], c2, 'COUNT', 100)
  c2 = res[1]
  if c2 == "0" then break end
end
