-- Add points to a player's score, never beyond the season cap, and record
-- the player's best single gain.
--
-- KEYS[1]  leaderboard sorted set
-- KEYS[2]  best-gain hash (player -> best gain)
-- ARGV[1]  player id
-- ARGV[2]  points to add (positive integer)
-- ARGV[3]  season cap
-- Returns {new score, rank (0-based, highest first)}.
--
-- realistic: keys=lb:{season:12},lb:{season:12}:best args=player:77,250,100000
-- realistic: setup=ZADD lb:{season:12} 99900 player:77 5000 player:2
local rcall = redis.call
local board_key, best_key = KEYS[1], KEYS[2]
local player = ARGV[1]
local points = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
if not points or points <= 0 or points % 1 ~= 0 then
  return redis.error_reply('ERR points must be a positive integer')
end
if not cap then
  return redis.error_reply('ERR cap must be a number')
end

local current = tonumber(rcall('ZSCORE', board_key, player)) or 0
local score = math.min(current + points, cap)
rcall('ZADD', board_key, score, player)
local best = tonumber(rcall('HGET', best_key, player)) or 0
if score - current > best then
  rcall('HSET', best_key, player, score - current)
end
return {score, rcall('ZREVRANK', board_key, player)}
