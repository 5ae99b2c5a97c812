-- Session lookup written for RESP3: after redis.setresp(3) a missing
-- value arrives as nil (not false), so `== nil` is the right test here,
-- and HGETALL replies with a map.
--
-- KEYS[1]  session hash
-- KEYS[2]  revoked-sessions set
-- ARGV[1]  session id
-- Returns the user id, or an error when the session is revoked or gone.
--
-- realistic: keys=sess:{9a}:data,sess:{9a}:revoked args=9a
-- realistic: setup=HSET sess:{9a}:data user 7 role admin
redis.setresp(3)
local rcall = redis.call
local data_key, revoked_key = KEYS[1], KEYS[2]
local session_id = ARGV[1]

if rcall('SISMEMBER', revoked_key, session_id) == 1 then
  return redis.error_reply('REVOKED session ' .. session_id)
end
local user = rcall('HGET', data_key, 'user')
if user == nil then
  return redis.error_reply('NOSESSION no such session')
end
return user
