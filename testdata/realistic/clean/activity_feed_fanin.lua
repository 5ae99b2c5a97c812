-- Add an activity to a user's feed: the member is built from the actor,
-- verb and object (string.format), the feed is capped, and the reply is
-- the feed page as JSON. Nested helpers use the rcall upvalue.
--
-- KEYS[1]  feed sorted set (member "actor|verb|object" -> timestamp)
-- ARGV[1]  actor
-- ARGV[2]  verb
-- ARGV[3]  object
-- ARGV[4]  timestamp in milliseconds
-- ARGV[5]  feed capacity
-- Returns the newest 20 entries as a JSON array.
--
-- realistic: keys=feed:{u:8} args=u:3,liked,post:77,1700000000000,500
-- realistic: setup=ZADD feed:{u:8} 1699999999000 u:2|followed|u:8
local rcall = redis.call
local feed_key = KEYS[1]
local ts = tonumber(ARGV[4])
local capacity = tonumber(ARGV[5])
if not ts or not capacity or capacity < 1 then
  return redis.error_reply('ERR timestamp and capacity must be numbers')
end
for i = 1, 3 do
  if not ARGV[i] or ARGV[i] == '' or string.find(ARGV[i], '|', 1, true) then
    return redis.error_reply('ERR actor, verb and object must be non-empty and free of |')
  end
end

local function each(list, fn)
  for _, v in ipairs(list) do
    fn(v)
  end
end

local member = string.format('%s|%s|%s', ARGV[1], ARGV[2], ARGV[3])
rcall('ZADD', feed_key, ts, member)
if rcall('ZCARD', feed_key) > capacity then
  rcall('ZREMRANGEBYRANK', feed_key, 0, -(capacity + 1))
end

local page = {}
each(rcall('ZRANGE', feed_key, 0, 19, 'REV'), function(entry)
  local actor, verb, object = string.match(entry, '^([^|]*)|([^|]*)|(.*)$')
  page[#page + 1] = {actor = actor, verb = verb, object = object}
end)
return cjson.encode(page)
