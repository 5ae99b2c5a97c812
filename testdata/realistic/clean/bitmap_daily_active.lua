-- Mark a user active today in a bitmap (bit = user id) and return how many
-- users were active today and whether this was the user's first visit.
--
-- KEYS[1]  today's bitmap (dau:{app}:2026-11-30)
-- ARGV[1]  numeric user id (bit offset, < 2^32)
-- ARGV[2]  bitmap lifetime in seconds
-- Returns {first visit today (0/1), active users today}.
--
-- realistic: keys=dau:{app}:2026-11-30 args=123456,691200
local rcall = redis.call
local key = KEYS[1]
local user = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
if not user or user < 0 or user >= 4294967296 or user % 1 ~= 0 then
  return redis.error_reply('ERR user id must be an integer bit offset')
end
if not ttl then
  return redis.error_reply('ERR lifetime must be a number')
end

local was_set = rcall('SETBIT', key, user, 1)
if was_set == 0 then
  rcall('EXPIRE', key, ttl)
end
return {1 - was_set, rcall('BITCOUNT', key)}
