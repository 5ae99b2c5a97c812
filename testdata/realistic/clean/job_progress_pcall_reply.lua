-- Update a job's progress: the progress payload is merged into the job's
-- JSON with redis.pcall so that a job hash of the wrong type is reported
-- as a clean error instead of a script error; the reply is checked through
-- its err field.
--
-- KEYS[1]  job hash
-- KEYS[2]  events stream
-- ARGV[1]  job id
-- ARGV[2]  progress, 0..100
-- Returns {progress, has more steps (0/1)}.
--
-- realistic: keys=bull:{v}:9,bull:{v}:events args=9,40
-- realistic: setup=HSET bull:{v}:9 name transcode
local rcall = redis.call
local job_key, events_key = KEYS[1], KEYS[2]
local job_id = ARGV[1]
local progress = tonumber(ARGV[2])
if not progress or progress < 0 or progress > 100 then
  return redis.error_reply('ERR progress must be between 0 and 100')
end

local exists = redis.pcall('HEXISTS', job_key, 'name')
if type(exists) == 'table' and exists.err ~= nil then
  return redis.error_reply('ERR job ' .. job_id .. ' is corrupt: ' .. exists.err)
end
if exists == 0 then
  return redis.error_reply('ERR missing job ' .. job_id)
end
rcall('HSET', job_key, 'progress', progress)
rcall('XADD', events_key, 'MAXLEN', '~', 1000, '*', 'event', 'progress', 'jobId', job_id, 'data', progress)
return {progress, progress < 100 and 1 or 0}
