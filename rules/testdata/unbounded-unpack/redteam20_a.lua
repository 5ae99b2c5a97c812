local acc = {}
while true do
  local v = redis.call('LPOP', KEYS[1])
  if not v then break end
  acc[#acc + 1] = v
end
redis.call('RPUSH', KEYS[2], unpack(acc)) -- want: unbounded-unpack
local n = redis.call('LLEN', KEYS[1])
local idx = {}
for i = 1, n do idx[i] = i end
redis.call('SADD', KEYS[3], unpack(idx)) -- want: unbounded-unpack
local c = {}
for i = 1, 10 do c[i] = i end
redis.call('SADD', KEYS[3], unpack(c))
local cur, got = '0', {}
repeat
  local r = redis.call('SSCAN', KEYS[1], cur)
  cur = r[1]
  for _, m in ipairs(r[2]) do table.insert(got, m) end
until cur == '0'
redis.call('SADD', KEYS[4], unpack(got)) -- want: unbounded-unpack
local ks = redis.call('KEYS', 'x*')
redis.call('DEL', unpack(ks)) -- want: unbounded-unpack
return 1
