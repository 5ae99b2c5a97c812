-- Move up to ARGV[1] jobs from a queue's pending list to its active list.
-- KEYS[1]: pending list, e.g. queue:{emails}:pending
-- KEYS[2]: active list, e.g. queue:{emails}:active (same hash tag as KEYS[1])
-- ARGV[1]: how many jobs to move at most (clamped to 1000)
-- Returns the number of jobs moved.
local limit = tonumber(ARGV[1])
if not limit or limit < 1 then
  return redis.error_reply('ERR count must be a positive integer')
end
limit = math.min(math.floor(limit), 1000)

local moved = 0
for _ = 1, limit do
  local job = redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT')
  if not job then
    break
  end
  moved = moved + 1
end
return moved
