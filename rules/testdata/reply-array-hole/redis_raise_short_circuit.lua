-- redis: reply [bulk:"a"]
-- redis-args: none
-- 'n and n * 2' does no arithmetic when n is nil: it is nil itself, and the
-- reply stops at the first of the two holes.
local n = tonumber(ARGV[1])
return {'a', n and n * 2, n} -- want: reply-array-hole "'n' can be nil here"
