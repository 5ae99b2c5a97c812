-- Add to a player's score and return the player's rank and the top entries.
-- The scores live in one sorted set, so nothing has to scan the keyspace.
-- KEYS[1]: the leaderboard sorted set, e.g. leaderboard:{weekly}
-- ARGV[1]: player id
-- ARGV[2]: score increment (a number)
-- ARGV[3]: how many top entries to return (clamped to 100)
-- Returns {rank (0-based, best first), {member, score, member, score, ...}}.
local top = tonumber(ARGV[3])
if not tonumber(ARGV[2]) or not top or top < 1 then
  return redis.error_reply('ERR increment must be a number and top at least 1')
end
top = math.min(math.floor(top), 100)

redis.call('ZINCRBY', KEYS[1], ARGV[2], ARGV[1])
local rank = redis.call('ZREVRANK', KEYS[1], ARGV[1])
local leaders = redis.call('ZRANGE', KEYS[1], 0, top - 1, 'REV', 'WITHSCORES')
return {rank, leaders}
