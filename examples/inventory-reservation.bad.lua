-- Reserve stock for an order.
-- KEYS[1]: stock counter, KEYS[2]: reservations hash
-- ARGV[1]: quantity, ARGV[2]: order id
--
-- Problems:
--   * DECRBY runs before the checks. When the stock goes negative the
--     script raises, but Redis never rolls back: the stock stays
--     decremented and is lost (write-before-validation)
--   * the quantity is validated only after it has been used
--     (write-before-validation)
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if tonumber(ARGV[1]) == nil then
  return redis.error_reply('ERR quantity must be a number')
end
if left < 0 then
  error('not enough stock')
end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
return left
