-- Partial profile update from a JSON object (PATCH semantics): only the
-- whitelisted fields are written, null removes a field, and nothing is
-- written unless the whole patch is valid.
--
-- KEYS[1]  profile hash
-- ARGV[1]  patch, a JSON object of at most 32 fields
-- Returns the number of fields changed.
--
-- realistic: keys=profile:{u:42} args={"name":"Ada"%2C"city":null%2C"bio":"hi"}
-- realistic: setup=HSET profile:{u:42} name ada city Lisbon
local rcall = redis.call
local key = KEYS[1]
local allowed = {name = true, city = true, bio = true, avatar = true, locale = true}

local ok, patch = pcall(cjson.decode, ARGV[1])
if not ok or type(patch) ~= 'table' then
  return redis.error_reply('ERR patch must be a JSON object')
end

local sets, dels, count = {}, {}, 0
for field, value in pairs(patch) do
  count = count + 1
  if count > 32 then
    return redis.error_reply('ERR too many fields in patch')
  end
  if not allowed[field] then
    return redis.error_reply('ERR field not allowed: ' .. tostring(field))
  end
  if value == cjson.null then
    dels[#dels + 1] = field
  elseif type(value) == 'string' then
    sets[#sets + 1] = field
    sets[#sets + 1] = value
  else
    return redis.error_reply('ERR field ' .. field .. ' must be a string or null')
  end
end

local changed = 0
if #sets > 0 then
  changed = changed + rcall('HSET', key, unpack(sets))
end
if #dels > 0 then
  changed = changed + rcall('HDEL', key, unpack(dels))
end
return changed
