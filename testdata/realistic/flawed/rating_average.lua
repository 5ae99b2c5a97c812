-- Record a product rating and return the new average. The average is a
-- fractional Lua number: the reply truncates it toward zero, so a 4.8
-- average is shown as 4 stars.
--
-- KEYS[1]  rating hash {sum, count}
-- ARGV[1]  rating, 1..5
-- realistic: keys=rating:{p:7} args=5
-- realistic: setup=HSET rating:{p:7} sum 19 count 4
local rcall = redis.call
local key = KEYS[1]
local rating = tonumber(ARGV[1])
if not rating or rating < 1 or rating > 5 then
  return redis.error_reply('ERR rating must be between 1 and 5')
end

local sum = rcall('HINCRBY', key, 'sum', rating)
local count = rcall('HINCRBY', key, 'count', 1)
return sum / count -- want: float-return
