-- One step of a schema migration: a tag index kept as a plain set is
-- rewritten as a sorted set scored by insertion time, in pages of SSCAN.
-- TYPE answers with a status reply, read through its `ok` field.
--
-- KEYS[1]  old index (set)
-- KEYS[2]  new index (sorted set)
-- ARGV[1]  SSCAN cursor ("0" to start)
-- ARGV[2]  score to give migrated members
-- Returns {next cursor, members migrated}; the caller loops until "0".
--
-- realistic: keys=tags:{blog}:go,tags:{blog}:go:v2 args=0,1700000000
-- realistic: setup=SADD tags:{blog}:go post:1 post:2 post:3
local rcall = redis.call
local old_key, new_key = KEYS[1], KEYS[2]
local cursor = ARGV[1]
local score = tonumber(ARGV[2])
if not score then
  return redis.error_reply('ERR score must be a number')
end

local old_type = rcall('TYPE', old_key).ok
if old_type == 'none' then
  return {'0', 0}
end
if old_type ~= 'set' then
  return redis.error_reply('WRONGTYPE ' .. old_key .. ' is a ' .. old_type)
end
local new_type = rcall('TYPE', new_key).ok
if new_type ~= 'none' and new_type ~= 'zset' then
  return redis.error_reply('WRONGTYPE ' .. new_key .. ' is a ' .. new_type)
end

local page = rcall('SSCAN', old_key, cursor, 'COUNT', 200)
local migrated = 0
for _, member in ipairs(page[2]) do
  migrated = migrated + rcall('ZADD', new_key, 'NX', score, member)
end
if page[1] == '0' then
  rcall('DEL', old_key)
end
return {page[1], migrated}
