-- Top N of a leaderboard with ranks, ties sharing a rank (1, 2, 2, 4):
-- the dense "competition ranking" games show.
--
-- KEYS[1]  leaderboard sorted set
-- ARGV[1]  N (clamped to 100)
-- Returns a flat array {member, score, rank, member, score, rank, ...}.
--
-- realistic: keys=lb:{season:12} args=10
-- realistic: setup=ZADD lb:{season:12} 500 ann 400 bob 400 cid 100 dee
local rcall = redis.call
local key = KEYS[1]
local n = tonumber(ARGV[1])
if not n or n < 1 then
  return redis.error_reply('ERR N must be a positive number')
end
n = math.min(math.floor(n), 100)

local rows = rcall('ZRANGE', key, 0, n - 1, 'REV', 'WITHSCORES')
local out = {}
local rank, previous = 0, nil
for i = 1, #rows, 2 do
  local position = (i + 1) / 2
  if rows[i + 1] ~= previous then
    rank = position
    previous = rows[i + 1]
  end
  out[#out + 1] = rows[i]
  out[#out + 1] = rows[i + 1]
  out[#out + 1] = rank
end
return out
