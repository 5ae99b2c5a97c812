#!lua flags=allow-oom
-- Free memory when the server is full: drop the oldest cached pages from
-- an LRU index and their bodies. The allow-oom flag lets the script run
-- (and delete) while used memory is above maxmemory, which is exactly
-- when it is needed.
--
-- KEYS[1]  LRU index (sorted set page -> last access)
-- KEYS[2]  page bodies (hash page -> body)
-- ARGV[1]  pages to drop (clamped to 500)
-- Returns the number of pages dropped.
--
-- realistic: keys=pages:{cache}:lru,pages:{cache}:body args=2
-- realistic: setup=ZADD pages:{cache}:lru 1 /a 2 /b 3 /c; HSET pages:{cache}:body /a A /b B /c C
local rcall = redis.call
local lru_key, body_key = KEYS[1], KEYS[2]
local n = tonumber(ARGV[1])
if not n or n < 1 then
  return redis.error_reply('ERR count must be a positive number')
end
n = math.min(n, 500)

local oldest = rcall('ZPOPMIN', lru_key, n)
local dropped = 0
for i = 1, #oldest, 2 do
  dropped = dropped + rcall('HDEL', body_key, oldest[i])
end
return dropped
