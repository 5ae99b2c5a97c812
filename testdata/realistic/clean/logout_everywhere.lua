-- "Log out everywhere": delete the user's session keys and the index that
-- listed them. The application read the index and passes every session key
-- (all under the user's {hash tag}) in KEYS, so the deletion is one DEL.
--
-- KEYS[1]     the user's session index (set)
-- KEYS[2..n]  the session keys
-- Returns the number of sessions deleted.
--
-- realistic: keys=sess:{u:42}:index,sess:{u:42}:s1,sess:{u:42}:s2
-- realistic: setup=SADD sess:{u:42}:index sess:{u:42}:s1 sess:{u:42}:s2; SET sess:{u:42}:s1 x; SET sess:{u:42}:s2 y
local rcall = redis.call
if #KEYS < 2 then
  return 0
end
local deleted = rcall('DEL', unpack(KEYS, 2))
rcall('DEL', KEYS[1])
return deleted
