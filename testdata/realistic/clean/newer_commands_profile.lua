-- Profile page data in one round trip with the Redis 6.2/7.0 commands
-- real code bases adopted: GETEX (read and refresh the TTL), SMISMEMBER,
-- ZMSCORE, HRANDFIELD, LPOS, EXPIRETIME.
--
-- KEYS[1]  profile JSON (string, sliding expiry)
-- KEYS[2]  badges set
-- KEYS[3]  skill scores
-- KEYS[4]  featured items hash
-- KEYS[5]  activity list
-- ARGV[1]  sliding TTL in seconds
-- ARGV[2]  item looked up in the activity list
-- Returns {profile, badge flags, skill scores, featured sample, position, expires at}.
--
-- realistic: keys=p:{u:1}:json,p:{u:1}:badges,p:{u:1}:skills,p:{u:1}:featured,p:{u:1}:activity args=3600,login
-- realistic: setup=SET p:{u:1}:json {} EX 100; SADD p:{u:1}:badges early; ZADD p:{u:1}:skills 5 lua; HSET p:{u:1}:featured a 1 b 2; RPUSH p:{u:1}:activity view login
local rcall = redis.call
local profile_key, badges_key, skills_key, featured_key, activity_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local ttl = tonumber(ARGV[1])
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR ttl must be a positive number')
end
if not ARGV[2] then
  return redis.error_reply('ERR activity item required')
end

local profile = rcall('GETEX', profile_key, 'EX', ttl)
if not profile then
  return false
end
return {
  profile,
  rcall('SMISMEMBER', badges_key, 'early', 'mentor', 'top'),
  rcall('ZMSCORE', skills_key, 'lua', 'go'),
  rcall('HRANDFIELD', featured_key, 2),
  rcall('LPOS', activity_key, ARGV[2], 'RANK', -1) or -1,
  rcall('EXPIRETIME', profile_key),
}
