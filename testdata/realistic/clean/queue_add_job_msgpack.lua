-- Add a job (BullMQ-style addJob): options arrive MessagePack-encoded,
-- the job id is generated from a counter unless the caller gives one,
-- a delayed job goes to the delayed set, others to the wait list, and an
-- "added" event is appended to the events stream.
--
-- KEYS[1]  wait list
-- KEYS[2]  delayed sorted set
-- KEYS[3]  id counter
-- KEYS[4]  events stream
-- KEYS[5]  job hash (the caller derives it from the custom id, or passes
--          a placeholder when the id is generated: see ARGV[1])
-- ARGV[1]  custom job id ("" to generate one; then KEYS[5] is unused)
-- ARGV[2]  job name
-- ARGV[3]  job data (JSON)
-- ARGV[4]  options, MessagePack {delay = ms, timestamp = ms, lifo = bool}
-- Returns the job id.
--
-- realistic: keys=bull:{mail}:wait,bull:{mail}:delayed,bull:{mail}:id,bull:{mail}:events,bull:{mail}:j-77 args=j-77,welcome,{}
-- realistic: keys=bull:{mail}:wait,bull:{mail}:delayed,bull:{mail}:id,bull:{mail}:events,bull:{mail}:placeholder args=,report,{}
local rcall = redis.call
local keys = {wait = KEYS[1], delayed = KEYS[2], id = KEYS[3], events = KEYS[4], job = KEYS[5]}

if not ARGV[1] or not ARGV[2] or not ARGV[3] then
  return redis.error_reply('ERR usage: job_id name data [options]')
end

local opts = {}
if ARGV[4] and ARGV[4] ~= '' then
  local ok, decoded = pcall(cmsgpack.unpack, ARGV[4])
  if not ok or type(decoded) ~= 'table' then
    return redis.error_reply('ERR options are not valid MessagePack')
  end
  opts = decoded
end
local delay = tonumber(opts.delay) or 0
local timestamp = tonumber(opts.timestamp) or 0

local job_id = ARGV[1]
if job_id == '' then
  job_id = tostring(rcall('INCR', keys.id))
elseif rcall('EXISTS', keys.job) == 1 then
  -- Duplicate custom id: adding is idempotent.
  return job_id
end

rcall('HSET', keys.job, 'name', ARGV[2], 'data', ARGV[3], 'timestamp', timestamp, 'delay', delay)
if delay > 0 then
  rcall('ZADD', keys.delayed, timestamp + delay, job_id)
elseif opts.lifo then
  rcall('RPUSH', keys.wait, job_id)
else
  rcall('LPUSH', keys.wait, job_id)
end
rcall('XADD', keys.events, 'MAXLEN', '~', 10000, '*', 'event', 'added', 'jobId', job_id, 'name', ARGV[2])
return job_id
