local cursor = '0'
local first = true
while first or cursor ~= '0' do
  first = false
  local r = redis.call('SSCAN', KEYS[1], cursor) -- want: keyspace-scan
  cursor = r[1]
end
local c2 = '0'
local more = true
while more and c2 ~= '0' do
  local r = redis.call('SSCAN', KEYS[1], c2)
  c2 = r[1]
  more = #r[2] < 10
end
return 1
