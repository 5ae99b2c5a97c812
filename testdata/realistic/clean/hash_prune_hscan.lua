-- Prune stale fields of a presence hash (field = device id, value = last
-- heartbeat in seconds) with HSCAN, a bounded number of pages per call;
-- the caller passes back the returned cursor until it is "0".
--
-- KEYS[1]  presence hash
-- ARGV[1]  cursor to resume from ("0" to start)
-- ARGV[2]  now, in seconds
-- ARGV[3]  staleness limit in seconds
-- Returns {next cursor, fields removed}.
--
-- realistic: keys=presence:{room:5} args=0,1700000000,120
-- realistic: setup=HSET presence:{room:5} phone 1699999990 laptop 1699990000 tablet 1699999999
local rcall = redis.call
local key = KEYS[1]
local cursor = ARGV[1]
local now = tonumber(ARGV[2])
local stale_after = tonumber(ARGV[3])
if not now or not stale_after then
  return redis.error_reply('ERR now and staleness limit must be numbers')
end

local max_pages = 10
local removed = 0
local pages = 0
repeat
  local page = rcall('HSCAN', key, cursor, 'COUNT', 100)
  cursor = page[1]
  local entries = page[2]
  for i = 1, #entries, 2 do
    local seen = tonumber(entries[i + 1]) or 0
    if now - seen > stale_after then
      removed = removed + rcall('HDEL', key, entries[i])
    end
  end
  pages = pages + 1
until cursor == '0' or pages >= max_pages
return {cursor, removed}
