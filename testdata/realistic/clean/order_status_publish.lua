-- Change an order's status and notify listeners on a Pub/Sub channel.
-- The channel name is a literal: channels are not keys (PUBLISH declares
-- none), and every instance listens on the same one.
--
-- KEYS[1]  order hash
-- ARGV[1]  order id
-- ARGV[2]  new status
-- Returns the number of subscribers that received the event.
--
-- realistic: keys=order:{1001} args=1001,shipped
-- realistic: setup=HSET order:{1001} status paid
local rcall = redis.call
local key = KEYS[1]
local order_id, status = ARGV[1], ARGV[2]
local valid = {paid = true, shipped = true, delivered = true, cancelled = true}
if not valid[status] then
  return redis.error_reply('ERR unknown status ' .. tostring(status))
end

local previous = rcall('HGET', key, 'status')
if previous == status then
  return 0
end
rcall('HSET', key, 'status', status)
return rcall('PUBLISH', 'orders:status', cjson.encode({id = order_id, from = previous or '', to = status}))
