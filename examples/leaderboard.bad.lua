-- Rebuild the leaderboard from every score:<player> key.
-- Called as: EVAL <script> 0
--
-- Problems:
--   * SCAN walks the whole keyspace, and the keys it finds were never
--     declared in KEYS (keyspace-scan)
--   * the loop runs until the cursor comes back to "0": its length grows
--     with the database and blocks the server meanwhile (unbounded-loop)
--   * the keys come from a reply (dynamic-key) or are literals
--     (hardcoded-key)
local cursor = '0'
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', 'score:*', 'COUNT', 100)
  cursor = page[1]
  for _, key in ipairs(page[2]) do
    local score = redis.call('GET', key)
    redis.call('ZADD', 'leaderboard', score, key)
  end
until cursor == '0'
return redis.call('ZCARD', 'leaderboard')
