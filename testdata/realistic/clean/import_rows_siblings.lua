-- Import rows given as JSON or MessagePack (ARGV[1] says which); each
-- format branch decodes with its own pcall and its own locals (sibling
-- blocks, nothing shadowed), then the rows are written.
--
-- KEYS[1]  rows hash (row id -> JSON)
-- ARGV[1]  "json" or "msgpack"
-- ARGV[2]  encoded array of rows {id=..., ...} (at most 500)
-- Returns the number of rows written.
--
-- realistic: keys=rows:{imp1} args=json,[{"id":"r1"%2C"v":1}%2C{"id":"r2"%2C"v":2}]
local rcall = redis.call
local key = KEYS[1]

local rows
if ARGV[1] == 'json' then
  local ok, decoded = pcall(cjson.decode, ARGV[2])
  if not ok then
    return redis.error_reply('ERR rows are not valid JSON')
  end
  rows = decoded
elseif ARGV[1] == 'msgpack' then
  local ok, decoded = pcall(cmsgpack.unpack, ARGV[2])
  if not ok then
    return redis.error_reply('ERR rows are not valid MessagePack')
  end
  rows = decoded
else
  return redis.error_reply('ERR format must be json or msgpack')
end
if type(rows) ~= 'table' or #rows > 500 then
  return redis.error_reply('ERR rows must be an array of at most 500 rows')
end
for i, row in ipairs(rows) do
  if type(row) ~= 'table' or type(row.id) ~= 'string' then
    return redis.error_reply('ERR row ' .. i .. ' has no string id')
  end
end

for _, row in ipairs(rows) do
  rcall('HSET', key, row.id, cjson.encode(row))
end
return #rows
