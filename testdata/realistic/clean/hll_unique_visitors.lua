-- Count a page view in today's HyperLogLog and return the unique
-- visitors of the last seven days (PFCOUNT over several keys merges them
-- on the fly; all keys share the {site} hash tag).
--
-- KEYS[1]     today's HyperLogLog
-- KEYS[2..7]  the six previous days
-- ARGV[1]     visitor id
-- ARGV[2]     lifetime of a day's HyperLogLog in seconds
-- Returns {unique today, unique over the 7 days}.
--
-- realistic: keys=uv:{site}:d7,uv:{site}:d6,uv:{site}:d5,uv:{site}:d4,uv:{site}:d3,uv:{site}:d2,uv:{site}:d1 args=visitor-93,691200
-- realistic: setup=PFADD uv:{site}:d6 visitor-1 visitor-2; PFADD uv:{site}:d2 visitor-93
local rcall = redis.call
local today = KEYS[1]
local ttl = tonumber(ARGV[2])
if not ttl then
  return redis.error_reply('ERR lifetime must be a number')
end

if rcall('PFADD', today, ARGV[1]) == 1 then
  rcall('EXPIRE', today, ttl)
end
return {rcall('PFCOUNT', today), rcall('PFCOUNT', unpack(KEYS))}
