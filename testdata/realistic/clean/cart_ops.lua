-- One script for every cart operation, dispatched on ARGV[1] (saves a
-- round trip per operation and keeps the cart's TTL logic in one place).
-- Each branch validates its own arguments before it writes and returns;
-- an unknown operation is rejected before anything is written.
--
-- KEYS[1]  cart hash (sku -> quantity)
-- ARGV[1]  operation: add | remove | clear
-- ARGV[2]  sku (add, remove)
-- ARGV[3]  quantity (add)
-- ARGV[4]  cart TTL in seconds
-- Returns the number of lines in the cart.
--
-- realistic: keys=cart:{s:81} args=add,sku-1,2,86400
-- realistic: keys=cart:{s:81} args=remove,sku-1,,86400
-- realistic: keys=cart:{s:81} args=clear,,,86400
local rcall = redis.call
local key = KEYS[1]
local op, sku = ARGV[1], ARGV[2]
local ttl = tonumber(ARGV[4])
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR ttl must be a positive number')
end

if op == 'add' then
  local quantity = tonumber(ARGV[3])
  if not quantity or quantity <= 0 or quantity > 99 then
    return redis.error_reply('ERR quantity must be between 1 and 99')
  end
  rcall('HINCRBY', key, sku, quantity)
  rcall('EXPIRE', key, ttl)
  return rcall('HLEN', key)
elseif op == 'remove' then
  rcall('HDEL', key, sku)
  return rcall('HLEN', key)
elseif op == 'clear' then
  rcall('DEL', key)
  return 0
end
return redis.error_reply('ERR unknown cart operation ' .. tostring(op))
