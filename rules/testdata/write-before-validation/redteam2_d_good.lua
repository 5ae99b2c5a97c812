-- A TTL refresh is bookkeeping, not the first write: an error after it
-- leaves no half-applied change (issue 18: heartbeat and TTL refreshes
-- before a validation were noise on real code).
redis.call('EXPIRE', KEYS[1], 10)
local data = cjson.decode(ARGV[1])
if type(data) ~= 'table' then
  return redis.error_reply('expected an object')
end
return 1
