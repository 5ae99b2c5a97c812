-- Fail an active job: retry it later with exponential backoff, or move it
-- to the dead-letter list once its attempts are used up.
--
-- KEYS[1]  active list
-- KEYS[2]  delayed sorted set (score = run-at time in ms)
-- KEYS[3]  dead-letter list
-- KEYS[4]  job hash
-- ARGV[1]  job id
-- ARGV[2]  now, in milliseconds
-- ARGV[3]  maximum attempts
-- ARGV[4]  base backoff in milliseconds
-- ARGV[5]  failure reason
-- Returns the run-at time of the retry, or -1 when dead-lettered.
--
-- realistic: keys={jobs}:active,{jobs}:delayed,{jobs}:dead,{jobs}:job:88 args=88,1700000000000,5,1000,timeout
-- realistic: setup=LPUSH {jobs}:active 88; HSET {jobs}:job:88 attempts 2
local rcall = redis.call
local active_key, delayed_key, dead_key, job_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local job_id = ARGV[1]
local now = tonumber(ARGV[2])
local max_attempts = tonumber(ARGV[3])
local base = tonumber(ARGV[4])
local reason = ARGV[5]
if not now or not max_attempts or not base then
  return redis.error_reply('ERR now, max attempts and backoff must be numbers')
end
if not job_id or not reason then
  return redis.error_reply('ERR job id and failure reason required')
end
if rcall('LPOS', active_key, job_id) == false then
  return redis.error_reply('ERR job ' .. job_id .. ' is not active')
end

rcall('LREM', active_key, -1, job_id)
local attempts = rcall('HINCRBY', job_key, 'attempts', 1)
rcall('HSET', job_key, 'failedReason', reason, 'failedOn', now)
if attempts >= max_attempts then
  rcall('LPUSH', dead_key, job_id)
  return -1
end

-- 2^(attempts-1) * base, capped at one hour.
local delay = math.min(base * 2 ^ (attempts - 1), 3600000)
local run_at = now + math.floor(delay)
rcall('ZADD', delayed_key, run_at, job_id)
return run_at
