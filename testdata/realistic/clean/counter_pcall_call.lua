-- Increment a counter and tolerate a wrong-type key left by an old
-- release: pcall(redis.call, ...) catches the error (redis.call raises a
-- table with an err field); the result is checked before use.
--
-- KEYS[1]  counter
-- KEYS[2]  quarantine key for a value of the wrong type
-- Returns the new count, or -1 when the key had to be quarantined.
--
-- realistic: keys=hits:{home},hits:{home}:bad
-- realistic: setup=SADD hits:{home} oops
local rcall = redis.call
local key, quarantine_key = KEYS[1], KEYS[2]

local ok, count = pcall(rcall, 'INCR', key)
if ok then
  return count
end
redis.log(redis.LOG_WARNING, 'counter ' .. key .. ' has the wrong type: ' .. tostring(count.err))
rcall('RENAME', key, quarantine_key)
rcall('SET', key, 1)
return -1
