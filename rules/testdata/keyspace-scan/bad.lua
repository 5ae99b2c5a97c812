-- KEYS and SCAN read key names the caller never declared.
local all = redis.call('KEYS', 'session:*') -- want: keyspace-scan "'KEYS' in a script walks the whole keyspace"
local page = redis.call('scan', ARGV[1], 'MATCH', 'tmp:*', 'COUNT', 100) -- want: keyspace-scan "'SCAN' in a script reads key names"

local rcall = redis.call
local cursor = '0'
repeat
  local r = rcall('SCAN', cursor, 'COUNT', 1000) -- want: keyspace-scan "'SCAN'"
  cursor = r[1]
until cursor == '0'

-- SSCAN/HSCAN/ZSCAN looped until the cursor is "0" read the whole collection.
local c = '0'
repeat
  local r = redis.call('SSCAN', KEYS[1], c) -- want: keyspace-scan "'SSCAN' runs until the cursor is \"0\""
  c = r[1]
until c == '0'

local hc = '0'
while true do
  local r = redis.call('HSCAN', KEYS[2], hc, 'COUNT', 100) -- want: keyspace-scan "'HSCAN'"
  hc = r[1]
  if hc == '0' then
    break
  end
end

local zc = redis.call('ZSCAN', KEYS[3], 0)
while tonumber(zc[1]) ~= 0 do
  zc = redis.call('ZSCAN', KEYS[3], zc[1]) -- want: keyspace-scan "'ZSCAN'"
end

return {#all, #page}
