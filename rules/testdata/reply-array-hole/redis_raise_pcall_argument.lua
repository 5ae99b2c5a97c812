-- redis: reply [int:1]
-- redis-keys: counter
-- redis-args: some
-- redis.pcall does not raise on a nil argument, it returns an error table:
-- the script goes on and replies with a hole at the nil element.
local step = tonumber(ARGV[1])
local r = redis.pcall('INCRBY', KEYS[1], step)
return {type(r) == 'table' and 1 or 0, step, 'end'} -- want: reply-array-hole "'step' can be nil here"
