-- Promote delayed jobs whose time has come to the wait list, at most
-- ARGV[2] per call so that one call never blocks the server for long;
-- the scheduler calls again while the reply equals the batch size.
--
-- KEYS[1]  delayed sorted set (score = run-at time in ms)
-- KEYS[2]  wait list
-- ARGV[1]  now, in milliseconds
-- ARGV[2]  batch size
-- Returns the number of jobs promoted.
--
-- realistic: keys={jobs}:delayed,{jobs}:wait args=1700000000000,100
-- realistic: setup=ZADD {jobs}:delayed 1699999990000 a 1699999995000 b 1700000090000 later
local rcall = redis.call
local delayed_key, wait_key = KEYS[1], KEYS[2]
local now = tonumber(ARGV[1])
local batch = tonumber(ARGV[2])
if not now or not batch then
  return redis.error_reply('ERR now and batch must be numbers')
end
batch = math.max(1, math.min(batch, 1000))

local due = rcall('ZRANGE', delayed_key, '-inf', now, 'BYSCORE', 'LIMIT', 0, batch)
for _, job_id in ipairs(due) do
  rcall('ZREM', delayed_key, job_id)
  rcall('LPUSH', wait_key, job_id)
end
return #due
