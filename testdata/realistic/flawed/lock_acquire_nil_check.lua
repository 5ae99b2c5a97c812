-- Lock acquisition written by someone used to redis-py: a missing key is
-- tested with `== nil`, but in a script GET returns false for a missing
-- key, so the lock is never acquired; and the "already mine" branch
-- compares the SET status reply with 'OK', which is a table {ok='OK'}.
--
-- KEYS[1]  lock key
-- ARGV[1]  owner token
-- ARGV[2]  lease in milliseconds
-- realistic: keys=lock:{a} args=me,1000
local rcall = redis.call
local key = KEYS[1]
local token = ARGV[1]
local lease = tonumber(ARGV[2])
if not lease then
  return redis.error_reply('ERR lease must be a number')
end

local holder = rcall('GET', key)
if holder == nil then -- want: nil-reply-check
  if rcall('SET', key, token, 'PX', lease) == 'OK' then -- want: nil-reply-check
    return 1
  end
end
return 0
