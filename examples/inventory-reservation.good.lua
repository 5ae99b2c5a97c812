-- Reserve stock for an order: validate everything first, then write.
-- KEYS[1]: stock counter, e.g. stock:{sku123}
-- KEYS[2]: reservations hash, e.g. reservations:{sku123}
-- ARGV[1]: quantity (a positive integer)
-- ARGV[2]: order id
-- Returns the stock left after the reservation.
local qty = tonumber(ARGV[1])
if not qty or qty < 1 or qty % 1 ~= 0 then
  return redis.error_reply('ERR quantity must be a positive integer')
end

-- A missing counter reads as false; tonumber(false) is nil.
local stock = tonumber(redis.call('GET', KEYS[1])) or 0
if stock < qty then
  return redis.error_reply('ERR not enough stock')
end

local left = redis.call('DECRBY', KEYS[1], qty)
redis.call('HSET', KEYS[2], ARGV[2], qty)
return left
