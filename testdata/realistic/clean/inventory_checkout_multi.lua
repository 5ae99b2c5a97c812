-- Decrement several stock counters at once, all or nothing: every counter
-- is checked before the first decrement, so a short item never leaves the
-- others half-taken (Redis does not roll back).
--
-- KEYS[1..n]  stock counters, one per line item (same hash tag)
-- ARGV[1..n]  quantities, one per key
-- Returns 1 when every line was taken, else {0, index of the first short line}.
--
-- realistic: keys=stock:{shop}:sku-1,stock:{shop}:sku-2,stock:{shop}:sku-3 args=1,2,1
-- realistic: setup=MSET stock:{shop}:sku-1 4 stock:{shop}:sku-2 2 stock:{shop}:sku-3 9
local rcall = redis.call
if #KEYS == 0 or #KEYS ~= #ARGV then
  return redis.error_reply('ERR pass one quantity per stock key')
end

local quantities = {}
for i = 1, #KEYS do
  local q = tonumber(ARGV[i])
  if not q or q <= 0 then
    return redis.error_reply('ERR quantity ' .. i .. ' must be a positive number')
  end
  quantities[i] = q
end

for i = 1, #KEYS do
  local available = tonumber(rcall('GET', KEYS[i])) or 0
  if available < quantities[i] then
    return {0, i}
  end
end

for i = 1, #KEYS do
  rcall('DECRBY', KEYS[i], quantities[i])
end
return 1
