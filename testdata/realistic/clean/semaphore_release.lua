-- Release a semaphore permit and hand it straight to the longest waiter,
-- if any (fair semaphore: waiters queue in a list and block on their own
-- notification list with BLPOP, outside the script).
--
-- KEYS[1]  holders sorted set (holder -> lease deadline)
-- KEYS[2]  waiters list (FIFO of waiter ids)
-- KEYS[3]  prefix of the waiters' notification lists, carries the
--          semaphore's hash tag (sem:{pdf-render}:wake:)
-- ARGV[1]  holder id releasing its permit
-- ARGV[2]  now, in milliseconds
-- ARGV[3]  lease for the next holder in milliseconds
-- Returns the id of the waiter that got the permit, or false.
--
-- realistic: keys=sem:{pdf-render},sem:{pdf-render}:waiters,sem:{pdf-render}:wake: args=job-1,1700000000000,60000
-- realistic: setup=ZADD sem:{pdf-render} 1700000030000 job-1; RPUSH sem:{pdf-render}:waiters job-9
local rcall = redis.call
local holders_key, waiters_key, wake_prefix = KEYS[1], KEYS[2], KEYS[3]
local holder = ARGV[1]
local now = tonumber(ARGV[2])
local lease = tonumber(ARGV[3])
if not now or not lease then
  return redis.error_reply('ERR now and lease must be numbers')
end

if rcall('ZREM', holders_key, holder) == 0 then
  return false
end
local next_holder = rcall('LPOP', waiters_key)
if not next_holder then
  return false
end
rcall('ZADD', holders_key, now + lease, next_holder)
-- The wake-up list of each waiter shares the {pdf-render} tag of KEYS[3].
-- redis-lua-lint: disable dynamic-key -- waiter lists share the hash tag of the KEYS[3] prefix
local wake_key = wake_prefix .. next_holder
rcall('RPUSH', wake_key, 'go')
rcall('PEXPIRE', wake_key, lease)
-- redis-lua-lint: enable dynamic-key
return next_holder
