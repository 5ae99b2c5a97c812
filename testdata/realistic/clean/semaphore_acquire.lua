-- Counting semaphore with expiring holders: a sorted set of holder ids
-- scored by their lease deadline. Crashed holders drop out when their
-- deadline passes.
--
-- KEYS[1]  holders sorted set
-- ARGV[1]  holder id
-- ARGV[2]  permits (maximum concurrent holders)
-- ARGV[3]  now, in milliseconds
-- ARGV[4]  lease in milliseconds
-- Returns 1 when a permit was granted, 0 when all permits are taken.
--
-- realistic: keys=sem:{pdf-render} args=job-551,3,1700000000000,60000
-- realistic: setup=ZADD sem:{pdf-render} 1700000030000 job-1 1699999000000 job-dead
local rcall = redis.call
local key = KEYS[1]
local holder = ARGV[1]
local permits = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local lease = tonumber(ARGV[4])
if not permits or not now or not lease then
  return redis.error_reply('ERR permits, now and lease must be numbers')
end
if not holder or holder == '' then
  return redis.error_reply('ERR holder id required')
end

rcall('ZREMRANGEBYSCORE', key, '-inf', now)
if rcall('ZSCORE', key, holder) then
  rcall('ZADD', key, now + lease, holder)
  return 1
end
if rcall('ZCARD', key) >= permits then
  return 0
end
rcall('ZADD', key, now + lease, holder)
rcall('PEXPIRE', key, lease)
return 1
