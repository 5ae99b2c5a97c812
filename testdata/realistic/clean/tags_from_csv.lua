-- Replace an article's tags from a comma-separated list, keeping the
-- reverse index (tag -> articles) out of scope: only the article's own
-- tag set is rewritten. At most 20 tags are accepted.
--
-- KEYS[1]  article tag set
-- ARGV[1]  tags, comma-separated ("go,redis,lua")
-- Returns the number of tags stored.
--
-- realistic: keys=article:{a:9}:tags args=go%2Credis%2Clua
-- realistic: setup=SADD article:{a:9}:tags old
local rcall = redis.call
local key = KEYS[1]

local tags = {}
for tag in string.gmatch(ARGV[1], '[^,]+') do
  tag = string.lower(string.gsub(tag, '^%s*(.-)%s*$', '%1'))
  if tag ~= '' then
    if #tags == 20 then
      return redis.error_reply('ERR at most 20 tags')
    end
    tags[#tags + 1] = tag
  end
end

rcall('DEL', key)
if #tags > 0 then
  rcall('SADD', key, unpack(tags))
end
return #tags
