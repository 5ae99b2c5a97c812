-- Leaderboard page from an older code base: it still calls
-- redis.replicate_commands() (a no-op since 7.0), ZREVRANGE is deprecated since
-- Redis 6.2 (ZRANGE ... REV), and the rarely taken reset branch passes too
-- few arguments to EXPIRE (it only fails when the branch runs). A
-- suppression left over from an earlier version now hides nothing.
--
-- KEYS[1]  leaderboard
-- ARGV[1]  page (0-based)
-- ARGV[2]  1 to reset the board after reading
-- realistic: keys=lb:{old} args=0,0
redis.replicate_commands() -- want: deprecated
local rcall = redis.call
local key = KEYS[1]
local page = tonumber(ARGV[1])
if not page or page < 0 then
  return redis.error_reply('ERR page must be a non-negative number')
end
page = math.min(math.floor(page), 100)
local page_size = 10 -- redis-lua-lint: ignore argv-tonumber -- want: unused-suppression

local rows = rcall('ZREVRANGE', key, page * page_size, page * page_size + page_size - 1, 'WITHSCORES') -- want: deprecated
if ARGV[2] == '1' then
  rcall('EXPIRE', key) -- want: wrong-arity
end
return rows
