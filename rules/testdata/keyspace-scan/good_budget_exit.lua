-- Cursor loops with a real budget: a round counter, a result size.
local cursor = '0'
local rounds = 0
repeat
  local r = redis.call('SSCAN', KEYS[1], cursor)
  cursor = r[1]
  rounds = rounds + 1
until rounds == 10 or cursor == '0'
local c2 = '0'
local out = {}
repeat
  local r = redis.call('ZSCAN', KEYS[2], c2)
  c2 = r[1]
  for _, v in ipairs(r[2]) do out[#out + 1] = v end
  if #out >= 100 then break end
until c2 == '0'
return {cursor, c2, #out}
