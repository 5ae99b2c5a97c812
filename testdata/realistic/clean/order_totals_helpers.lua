-- Record a paid order in the daily and per-customer totals. Small local
-- helpers keep the script readable; they use the rcall upvalue and get
-- their keys as parameters.
--
-- KEYS[1]  daily totals hash (orders, revenue_cents)
-- KEYS[2]  customer totals hash
-- KEYS[3]  customer's recent orders list
-- ARGV[1]  order id
-- ARGV[2]  amount in cents
-- Returns the customer's order count.
--
-- realistic: keys=totals:{shop}:2026-11-30,totals:{shop}:cust:5,orders:{shop}:cust:5 args=o-1001,4599
local rcall = redis.call

local function add_totals(key, cents)
  rcall('HINCRBY', key, 'revenue_cents', cents)
  return rcall('HINCRBY', key, 'orders', 1)
end

local function remember(key, order_id, keep)
  rcall('LPUSH', key, order_id)
  rcall('LTRIM', key, 0, keep - 1)
end

local daily_key, customer_key, recent_key = KEYS[1], KEYS[2], KEYS[3]
local order_id = ARGV[1]
local cents = tonumber(ARGV[2])
if not cents or cents < 0 or cents % 1 ~= 0 then
  return redis.error_reply('ERR amount must be a non-negative integer number of cents')
end
if not order_id or order_id == '' then
  return redis.error_reply('ERR order id required')
end

add_totals(daily_key, cents)
local orders = add_totals(customer_key, cents)
remember(recent_key, order_id, 20)
return orders
