-- A cursor loop whose other exit is a search hit: no bound.
local cursor = '0'
local hit = nil
repeat -- want: unbounded-loop "until the cursor is"
  local r = redis.call('SSCAN', KEYS[1], cursor, 'MATCH', ARGV[1])
  cursor = r[1]
  hit = r[2][1]
until hit or cursor == '0'
return hit
