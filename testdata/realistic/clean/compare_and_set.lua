-- Optimistic concurrency for a JSON document kept in a hash with a version
-- field: the write succeeds only if the caller saw the latest version.
--
-- KEYS[1]  document hash {version, body, updated}
-- ARGV[1]  expected version ("0" to create)
-- ARGV[2]  new body (JSON)
-- ARGV[3]  now, in seconds
-- Returns the new version, or {err} with the current version on conflict.
--
-- realistic: keys=doc:{wiki:home} args=4,{"title":"Home"},1700000000
-- realistic: setup=HSET doc:{wiki:home} version 4 body {}
local rcall = redis.call
local key = KEYS[1]
local expected = tonumber(ARGV[1])
local body = ARGV[2]
local now = tonumber(ARGV[3])
if not expected or not now then
  return redis.error_reply('ERR expected version and now must be numbers')
end
if not pcall(cjson.decode, body) then
  return redis.error_reply('ERR body is not valid JSON')
end

local current = tonumber(rcall('HGET', key, 'version')) or 0
if current ~= expected then
  return redis.error_reply('CONFLICT document is at version ' .. current)
end
local version = rcall('HINCRBY', key, 'version', 1)
rcall('HSET', key, 'body', body, 'updated', now)
return version
