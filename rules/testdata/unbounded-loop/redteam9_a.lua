local cursor = '0'
local first = true
while first or cursor ~= '0' do -- want: unbounded-loop
  first = false
  local r = redis.call('SCAN', cursor)
  cursor = r[1]
end
local c = '0'
local found = {}
repeat
  local r = redis.call('SSCAN', KEYS[1], c, 'COUNT', 100)
  c = r[2] and r[1] or '0'
  for _, m in ipairs(r[2]) do found[#found + 1] = m end
until c == '0' or #found >= 1000
return found
