-- redis: reply [int:0]
-- redis-args: 1
-- Both branches clear the flag: the branch without wait reaches the last
-- return, and the reply stops at the nil.
local ok, wait
if tonumber(ARGV[1]) > 0 then ok = false else ok = false wait = 5 end
if ok then return {1, 0} end
return {0, wait, 1} -- want: reply-array-hole "'wait' can be nil here"
