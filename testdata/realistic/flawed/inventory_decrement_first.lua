-- Stock decrement that "checks" after writing: when the stock goes
-- negative the script returns an error, but DECRBY already ran and Redis
-- never rolls back, so every rejected order still eats stock (and the
-- counter drifts below zero under load).
--
-- KEYS[1]  stock counter
-- ARGV[1]  quantity
-- realistic: keys=stock:{shop}:sku-9 args=3
-- realistic: setup=SET stock:{shop}:sku-9 2
local rcall = redis.call
local key = KEYS[1]
local quantity = tonumber(ARGV[1])
if not quantity or quantity <= 0 then
  return redis.error_reply('ERR quantity must be a positive number')
end

local left = rcall('DECRBY', key, quantity)
if left < 0 then
  return redis.error_reply('ERR out of stock') -- want: write-before-validation
end
return left
