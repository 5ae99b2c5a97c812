local rcall = redis.call
local ks = rcall('KEYS', 'user:*') -- want: keyspace-scan
local r = redis.call('scan', 0, 'MATCH', 'x:*', 'COUNT', 100) -- want: keyspace-scan
redis['call']('Keys', '*') -- want: keyspace-scan
redis.pcall('SCAN', '0') -- want: keyspace-scan
local function f() return redis.call('KEYS', ARGV[1]) end -- want: keyspace-scan
local cur = '0'
repeat
  local res = redis.call('SSCAN', KEYS[1], cur) -- want: keyspace-scan
  cur = res[1]
until cur == '0'
local c = '0'
while true do
  local res = redis.call('ZSCAN', KEYS[2], c, 'COUNT', 10) -- want: keyspace-scan
  c = res[1]
  if c == '0' then break end
end
return f()
