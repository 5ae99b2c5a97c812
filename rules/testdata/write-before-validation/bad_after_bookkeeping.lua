-- Bookkeeping does not hide a state-changing write before the error.
redis.call('EXPIRE', KEYS[1], 60)
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
if redis.call('EXISTS', KEYS[2]) == 0 then
  return redis.error_reply('ROOM NO EXIST') -- want: write-before-validation "'HSET' on line 3"
end
-- ZADD XX INCR changes the score: not bookkeeping.
redis.call('ZADD', KEYS[3], 'XX', 'INCR', 1, ARGV[1])
if redis.call('EXISTS', KEYS[4]) == 0 then
  error('gone') -- want: write-before-validation
end
-- A helper returning a write's reply exempts that write only.
local function claim(k, m)
  return redis.call('ZADD', k, 'NX', 0, m)
end
redis.call('SET', KEYS[5], ARGV[2])
if claim(KEYS[6], ARGV[1]) == 0 then
  return redis.error_reply('TAKEN') -- want: write-before-validation "'HSET' on line 3"
end
return 1
