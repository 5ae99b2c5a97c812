local id = ARGV[1]:match('^(%d+)$')
if #KEYS == 1 then return {id, 'x'} end -- want: reply-array-hole
if #KEYS == 2 then return {string.find(ARGV[2], 'x', 1, true), 1} end -- want: reply-array-hole
local ok = string.match(ARGV[2], '^%a+$')
if not ok then return redis.error_reply('bad') end
return {ok, 'y'}
