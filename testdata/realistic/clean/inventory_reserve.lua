-- Reserve stock for a checkout: check availability, decrement, and record
-- the reservation with a TTL so that an abandoned cart gives stock back
-- (a sweeper releases expired reservations).
--
-- KEYS[1]  stock hash (sku -> available units)
-- KEYS[2]  reservation hash for this cart (sku -> units), expires
-- ARGV[1]  sku
-- ARGV[2]  quantity
-- ARGV[3]  reservation TTL in seconds
-- Returns the units left, or -1 when stock is insufficient.
--
-- realistic: keys=stock:{warehouse:eu},resv:{warehouse:eu}:cart:91 args=SKU-1001,2,900
-- realistic: setup=HSET stock:{warehouse:eu} SKU-1001 5
local rcall = redis.call
local stock_key, reservation_key = KEYS[1], KEYS[2]
local sku = ARGV[1]
local quantity = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
if not quantity or quantity <= 0 or quantity % 1 ~= 0 then
  return redis.error_reply('ERR quantity must be a positive integer')
end
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR ttl must be a positive number of seconds')
end

local available = tonumber(rcall('HGET', stock_key, sku))
if not available then
  return redis.error_reply('ERR unknown sku ' .. sku)
end
if available < quantity then
  return -1
end

local left = rcall('HINCRBY', stock_key, sku, -quantity)
rcall('HINCRBY', reservation_key, sku, quantity)
rcall('EXPIRE', reservation_key, ttl)
return left
