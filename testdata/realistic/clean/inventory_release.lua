-- Give the units of a cart's reservation back to stock (cart abandoned or
-- payment failed) and delete the reservation. Idempotent: a second call
-- finds nothing to release.
--
-- KEYS[1]  stock hash (sku -> available units)
-- KEYS[2]  reservation hash for the cart (sku -> units)
-- Returns the number of units released.
--
-- realistic: keys=stock:{warehouse:eu},resv:{warehouse:eu}:cart:91
-- realistic: setup=HSET stock:{warehouse:eu} SKU-1001 3 SKU-2002 7; HSET resv:{warehouse:eu}:cart:91 SKU-1001 2 SKU-2002 1
local rcall = redis.call
local stock_key, reservation_key = KEYS[1], KEYS[2]

-- A cart holds a handful of lines; HSCAN would buy nothing here.
local lines = rcall('HGETALL', reservation_key) -- redis-lua-lint: ignore unbounded-read -- a cart reservation has at most 50 lines
local released = 0
for i = 1, #lines, 2 do
  local units = tonumber(lines[i + 1]) or 0
  if units > 0 then
    rcall('HINCRBY', stock_key, lines[i], units)
    released = released + units
  end
end
rcall('DEL', reservation_key)
return released
