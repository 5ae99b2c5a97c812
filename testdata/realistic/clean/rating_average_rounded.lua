-- Record a product rating and return the new average as a string with two
-- decimals (a fractional Lua number would be truncated by the reply), plus
-- the average in hundredths as an integer for sorting by the caller.
--
-- KEYS[1]  rating hash {sum, count}
-- ARGV[1]  rating, 1..5
-- Returns {average as "4.80", average in hundredths}.
--
-- realistic: keys=rating:{p:7} args=5
-- realistic: setup=HSET rating:{p:7} sum 19 count 4
local rcall = redis.call
local key = KEYS[1]
local rating = tonumber(ARGV[1])
if not rating or rating < 1 or rating > 5 or rating % 1 ~= 0 then
  return redis.error_reply('ERR rating must be an integer between 1 and 5')
end

local sum = rcall('HINCRBY', key, 'sum', rating)
local count = rcall('HINCRBY', key, 'count', 1)
local hundredths = math.floor(sum * 100 / count + 0.5)
rcall('HSET', key, 'avg_hundredths', hundredths)
return {string.format('%.2f', sum / count), hundredths}
