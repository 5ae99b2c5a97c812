-- Set several fields of a hash from field/value pairs in ARGV, with a
-- per-field size limit, and refresh the hash's expiry.
--
-- KEYS[1]  hash
-- ARGV[1]  TTL in seconds
-- ARGV[2..]  field, value, field, value, ...
-- Returns the number of new fields.
--
-- realistic: keys=cart:{u:5} args=3600,sku-1,2,sku-9,1
local rcall = redis.call
local key = KEYS[1]
local ttl = tonumber(ARGV[1])
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR ttl must be a positive number')
end
if #ARGV < 3 or #ARGV % 2 == 0 then
  return redis.error_reply('ERR pass field/value pairs after the ttl')
end

local pairs_list = {}
for i = 2, #ARGV, 2 do
  if #ARGV[i + 1] > 1024 then
    return redis.error_reply('ERR value of ' .. ARGV[i] .. ' is too large')
  end
  pairs_list[#pairs_list + 1] = ARGV[i]
  pairs_list[#pairs_list + 1] = ARGV[i + 1]
end

local added = rcall('HSET', key, unpack(pairs_list))
rcall('EXPIRE', key, ttl)
return added
