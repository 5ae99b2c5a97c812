-- Redeem a single-use coupon code: removing the code from the set of
-- unused codes is the claim (the first write; when it removes nothing,
-- nothing changed and the error reply leaves no trace), then the
-- redemption is recorded.
--
-- KEYS[1]  unused codes set
-- KEYS[2]  redemptions hash (code -> order id)
-- KEYS[3]  per-customer redemption counter
-- ARGV[1]  code
-- ARGV[2]  order id
-- ARGV[3]  per-customer limit
-- Returns the customer's redemption count.
--
-- realistic: keys=cp:{spring}:unused,cp:{spring}:used,cp:{spring}:cust:5 args=SPRING-7Q2,o-88,3
-- realistic: setup=SADD cp:{spring}:unused SPRING-7Q2 SPRING-9X1
local rcall = redis.call
local unused_key, used_key, customer_key = KEYS[1], KEYS[2], KEYS[3]
local code, order_id = ARGV[1], ARGV[2]
local limit = tonumber(ARGV[3])
if not limit then
  return redis.error_reply('ERR limit must be a number')
end
if not code or not order_id then
  return redis.error_reply('ERR code and order id required')
end
if (tonumber(rcall('GET', customer_key)) or 0) >= limit then
  return redis.error_reply('LIMIT customer reached the redemption limit')
end

local removed = rcall('SREM', unused_key, code)
if removed == 0 then
  local by = rcall('HGET', used_key, code)
  if by then
    return redis.error_reply('USED coupon already redeemed by order ' .. by)
  end
  return redis.error_reply('INVALID unknown coupon')
end
rcall('HSET', used_key, code, order_id)
return rcall('INCR', customer_key)
