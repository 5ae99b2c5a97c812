local a = tonumber(ARGV[1])
local r = {}
if a == nil then return redis.error_reply('bad') end
return {a, 'x'}
