-- Record a "follows" edge in a set of composite members: the two user ids
-- joined by a NUL byte ('\0' is a plain Lua 5.1 decimal escape), so no id
-- can forge a separator. Default settings live in a long-string JSON
-- template, where backslash sequences such as \u00e9 are not Lua escapes
-- at all and reach cjson unchanged.
--
-- KEYS[1]  edge set
-- KEYS[2]  follower's settings hash
-- ARGV[1]  follower id
-- ARGV[2]  followee id
-- ARGV[3]  "yes" to mute notifications
-- Returns {edge added (0/1), notifications ("on"/"off"), greeting}.
--
-- realistic: keys=edges:{social}:follows,edges:{social}:settings:u1 args=U1,u2,YES
local rcall = redis.call
local edges_key, settings_key = KEYS[1], KEYS[2]
local follower, followee = ARGV[1]:lower(), ARGV[2]:lower()
if follower == followee or follower == '' or followee == '' then
  return redis.error_reply('ERR a user cannot follow itself')
end
local defaults = cjson.decode([[{"greeting": "Bienvenue \u00e0 bord", "notify": true}]])

local added = rcall('SADD', edges_key, follower .. '\0' .. followee)
local muted = (ARGV[3] or ''):lower() == 'yes'
rcall('HSET', settings_key, 'notify:' .. followee, muted and 'off' or 'on')
return {added, muted and 'off' or 'on', defaults.greeting}
