-- Build the weekly leaderboard from seven daily boards (weights favour
-- recent days) and pop the three best daily bonuses from a bonus list.
--
-- KEYS[1]     weekly board (destination, expires)
-- KEYS[2..8]  daily boards, newest first
-- KEYS[9]     bonus list
-- ARGV[1]     weekly board lifetime in seconds
-- Returns {players on the weekly board, bonuses popped...}.
--
-- realistic: keys=lb:{g}:week,lb:{g}:d1,lb:{g}:d2,lb:{g}:d3,lb:{g}:d4,lb:{g}:d5,lb:{g}:d6,lb:{g}:d7,lb:{g}:bonus args=604800
-- realistic: setup=ZADD lb:{g}:d1 10 ann 5 bob; ZADD lb:{g}:d3 7 ann 9 cid; RPUSH lb:{g}:bonus x2 x3 x5 x9
local rcall = redis.call
local week_key, bonus_key = KEYS[1], KEYS[9]
local ttl = tonumber(ARGV[1])
if not ttl then
  return redis.error_reply('ERR lifetime must be a number')
end
if #KEYS ~= 9 then
  return redis.error_reply('ERR pass the weekly board, seven daily boards and the bonus list')
end

local players = rcall('ZUNIONSTORE', week_key, 7, KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8],
  'WEIGHTS', 7, 6, 5, 4, 3, 2, 1, 'AGGREGATE', 'SUM')
rcall('EXPIRE', week_key, ttl)
local out = {players}
local popped = rcall('LMPOP', 1, bonus_key, 'LEFT', 'COUNT', 3)
if popped then
  for _, bonus in ipairs(popped[2]) do
    out[#out + 1] = bonus
  end
end
return out
