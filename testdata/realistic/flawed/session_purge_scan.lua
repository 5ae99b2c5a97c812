-- Purge expired sessions of a user by scanning the keyspace: SCAN walks
-- every key of the node (the script holds the server for the whole walk),
-- the keys it finds were never declared, and the loop runs until the
-- cursor wraps, however big the keyspace is.
--
-- ARGV[1]  user id
-- ARGV[2]  now, in seconds
-- realistic: args=42,1700000000
local rcall = redis.call
local user = ARGV[1]
local now = tonumber(ARGV[2])
if not now then
  return redis.error_reply('ERR now must be a number')
end

local cursor = '0'
local purged = 0
repeat -- want: unbounded-loop
  local page = rcall('SCAN', cursor, 'MATCH', 'sess:' .. user .. ':*', 'COUNT', 100) -- want: keyspace-scan
  cursor = page[1]
  for _, key in ipairs(page[2]) do
    local expires = tonumber(rcall('HGET', key, 'expires')) or 0 -- want: dynamic-key
    if expires < now then
      purged = purged + rcall('DEL', key) -- the same key as line 22: one finding there
    end
  end
until cursor == '0'
return purged
