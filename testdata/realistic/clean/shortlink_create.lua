-- Create a short link: claim the slug with SET NX (the first write; when
-- it fails nothing was changed, so the error reply leaves no trace), then
-- record it in the owner's list and the daily counter.
--
-- KEYS[1]  slug key (holds the target URL)
-- KEYS[2]  owner's links (sorted set slug -> created)
-- KEYS[3]  daily creation counter
-- ARGV[1]  slug
-- ARGV[2]  target URL
-- ARGV[3]  now, in seconds
-- ARGV[4]  link lifetime in seconds (0 = forever)
-- Returns 1, or an error when the slug is taken.
--
-- realistic: keys=sl:{u:7}:abc,sl:{u:7}:links,sl:{u:7}:day args=abc,https://example.com/x,1700000000,0
local rcall = redis.call
local slug_key, links_key, day_key = KEYS[1], KEYS[2], KEYS[3]
local slug, url = ARGV[1], ARGV[2]
local now = tonumber(ARGV[3])
local lifetime = tonumber(ARGV[4])
if not now or not lifetime or lifetime < 0 then
  return redis.error_reply('ERR now and lifetime must be numbers, lifetime >= 0')
end
if not slug or not string.find(slug, '^[%w_-]+$') then
  return redis.error_reply('ERR slug must be letters, digits, _ or -')
end
if not string.find(url, '^https?://') then
  return redis.error_reply('ERR target must be an http(s) URL')
end

local claimed
if lifetime > 0 then
  claimed = rcall('SET', slug_key, url, 'NX', 'EX', lifetime)
else
  claimed = rcall('SET', slug_key, url, 'NX')
end
if not claimed then
  return redis.error_reply('TAKEN slug ' .. slug .. ' is taken')
end
rcall('ZADD', links_key, now, slug)
rcall('INCR', day_key)
rcall('EXPIRE', day_key, 172800, 'NX')
return 1
