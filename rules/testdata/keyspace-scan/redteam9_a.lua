local c = '0'
local n = 0
while true do
  local r = redis.call('HSCAN', KEYS[1], c) -- want: keyspace-scan
  c = r[1]
  n = n + #r[2]
  if c == '0' then break end
end
local d = '0'
repeat
  local r = redis.call('ZSCAN', KEYS[1], d)
  d = r[1]
until d == '0' or n > 100
return n
