-- Register a username: claim it in the username index, then create the
-- account hash. When the name is taken HSETNX changed nothing, so the
-- error reply after it leaves no partial state behind.
--
-- KEYS[1]  username index (username -> user id)
-- KEYS[2]  new account hash
-- ARGV[1]  username (lowercased by the app)
-- ARGV[2]  user id
-- ARGV[3]  now, in seconds
-- Returns 1, or an error when the username is taken.
--
-- realistic: keys=users:{idx}:by-name,users:{idx}:u:77 args=ada,77,1700000000
local rcall = redis.call
local index_key, account_key = KEYS[1], KEYS[2]
local username, user_id = ARGV[1], ARGV[2]
local now = tonumber(ARGV[3])
if not now then
  return redis.error_reply('ERR now must be a number')
end
if not string.match(username, '^[a-z0-9_]+$') or #username > 32 then
  return redis.error_reply('ERR invalid username')
end

if rcall('HSETNX', index_key, username, user_id) == 0 then
  return redis.error_reply('TAKEN username ' .. username .. ' is taken')
end
rcall('HSET', account_key, 'username', username, 'created', now)
return 1
