redis.call('SET', KEYS[1], ARGV[1])
local n = tonumber(ARGV[2])
if not n then return redis.error_reply('bad n') end -- want: write-before-validation
return n
