-- A search that stops early when it finds something still reads the whole
-- set when nothing matches: the early exit is no bound.
local cursor = '0'
local hit = nil
repeat
  local r = redis.call('SSCAN', KEYS[1], cursor, 'MATCH', ARGV[1]) -- want: keyspace-scan
  cursor = r[1]
  hit = r[2][1]
until hit or cursor == '0'
local c2 = '0'
repeat
  local r = redis.call('HSCAN', KEYS[2], c2) -- want: keyspace-scan
  c2 = r[1]
  local found = false
  for _, v in ipairs(r[2]) do
    if v == ARGV[2] then found = true end
  end
  if found then break end
until c2 == '0'
return hit
