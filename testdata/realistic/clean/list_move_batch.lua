-- Move up to N items from a retry list back to the main queue, stopping
-- early when the retry list runs dry.
--
-- KEYS[1]  retry list
-- KEYS[2]  main queue
-- ARGV[1]  maximum items to move (clamped to 1000)
-- Returns the number of items moved.
--
-- realistic: keys={mail}:retry,{mail}:queue args=10
-- realistic: setup=RPUSH {mail}:retry m1 m2 m3
local rcall = redis.call
local retry_key, queue_key = KEYS[1], KEYS[2]
local limit = tonumber(ARGV[1])
if not limit or limit < 1 then
  return redis.error_reply('ERR limit must be a positive number')
end
limit = math.min(limit, 1000)

local moved = 0
while true do
  local item = rcall('LMOVE', retry_key, queue_key, 'LEFT', 'RIGHT')
  if not item then
    break
  end
  moved = moved + 1
  if moved >= limit then
    break
  end
end
return moved
