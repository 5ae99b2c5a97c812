-- Refresh the expiry of a batch of cache entries and report which ones
-- had already expired. Keys come in pairs in KEYS (entry, its metadata
-- hash), walked with KEYS[i + 1]; the last key is the batch log.
--
-- KEYS[1..2n]  entry, metadata, entry, metadata, ...
-- KEYS[2n+1]   batch log list
-- ARGV[1]      new TTL in seconds
-- Returns the indexes (1-based pairs) of entries that were missing.
--
-- realistic: keys=c:{b}:1,c:{b}:1:meta,c:{b}:2,c:{b}:2:meta,c:{b}:log args=600
-- realistic: setup=SET c:{b}:1 x; HSET c:{b}:1:meta hits 3
local rcall = redis.call
local ttl = tonumber(ARGV[1])
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR ttl must be a positive number')
end
if #KEYS < 3 or #KEYS % 2 == 0 then
  return redis.error_reply('ERR pass entry/metadata key pairs and a log key')
end
local log_key = KEYS[#KEYS]

local missing = {}
for i = 1, #KEYS - 1, 2 do
  if rcall('EXPIRE', KEYS[i], ttl) == 0 then
    missing[#missing + 1] = (i + 1) / 2
  else
    rcall('EXPIRE', KEYS[i + 1], ttl)
  end
end
rcall('RPUSH', log_key, #missing)
rcall('LTRIM', log_key, -100, -1)
return missing
