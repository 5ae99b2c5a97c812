-- a write through a command name bound once, upper/lower case
local c = 'set'
redis.call(c, KEYS[1], 1)
if ARGV[1] == nil then return redis.error_reply('missing') end -- want: write-before-validation
return 1
