-- Upsert a record and its secondary index entries with a small varargs
-- helper; the record's TTL policy depends on the server version (EXPIRE
-- NX exists since 7.0).
--
-- KEYS[1]  record hash
-- KEYS[2]  index sorted set (email -> user id score)
-- ARGV[1]  user id (numeric)
-- ARGV[2]  email
-- ARGV[3]  display name
-- ARGV[4]  TTL in seconds
-- Returns a status reply.
--
-- realistic: keys=u:{42}:rec,u:{42}:by-email args=42,ada@example.com,Ada,86400
local rcall = redis.call
local record_key, index_key = KEYS[1], KEYS[2]
local id = tonumber(ARGV[1])
local ttl = tonumber(ARGV[4])
if not id or not ttl then
  return redis.error_reply('ERR id and ttl must be numbers')
end

local function hset_fields(key, ...)
  if select('#', ...) == 0 then
    return 0
  end
  return rcall('HSET', key, ...)
end

hset_fields(record_key, 'id', id, 'email', ARGV[2], 'name', ARGV[3])
rcall('ZADD', index_key, id, ARGV[2])
if redis.REDIS_VERSION_NUM >= 0x00070000 then
  rcall('EXPIRE', record_key, ttl, 'NX')
elseif rcall('TTL', record_key) < 0 then
  rcall('EXPIRE', record_key, ttl)
end
return redis.status_reply('OK')
