-- The players just above and below a given player ("around me" view).
--
-- KEYS[1]  leaderboard sorted set
-- ARGV[1]  player id
-- ARGV[2]  neighbours on each side (clamped to 25)
-- Returns {my rank (1-based), member, score, member, score, ...} or an
-- empty array when the player has no score.
--
-- realistic: keys=lb:{season:12} args=cid,1
-- realistic: setup=ZADD lb:{season:12} 500 ann 400 bob 350 cid 100 dee
local rcall = redis.call
local key = KEYS[1]
local player = ARGV[1]
local span = tonumber(ARGV[2])
if not span or span < 0 then
  return redis.error_reply('ERR neighbours must be a non-negative number')
end
span = math.min(math.floor(span), 25)

local rank = rcall('ZREVRANK', key, player)
if not rank then
  return {}
end
local first = math.max(0, rank - span)
local rows = rcall('ZRANGE', key, first, rank + span, 'REV', 'WITHSCORES')
local out = {rank + 1}
for _, v in ipairs(rows) do
  out[#out + 1] = v
end
return out
