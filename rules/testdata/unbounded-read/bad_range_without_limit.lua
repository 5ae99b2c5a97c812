-- A score or lex range read without LIMIT holds every member in the range,
-- however many the data has: a delayed queue's due jobs (0 to now), a
-- window that piles up while a consumer is down. The bounds do not bound
-- the count, whether literal or from ARGV.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1]) -- want: unbounded-read "'ZRANGEBYSCORE' reads every member in its range without LIMIT into the script"
for _, id in ipairs(due) do
  redis.call('LPUSH', KEYS[2], id)
end
local old = redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[2], '-inf', 'WITHSCORES') -- want: unbounded-read "add LIMIT offset count"
local names = redis.call('ZRANGEBYLEX', KEYS[3], '[a', '[b') -- want: unbounded-read "'ZRANGEBYLEX'"
local rnames = redis.call('ZREVRANGEBYLEX', KEYS[3], '[b', '[a') -- want: unbounded-read "'ZREVRANGEBYLEX'"
local win = redis.call('ZRANGE', KEYS[1], 0, '+inf', 'BYSCORE', 'WITHSCORES') -- want: unbounded-read "'ZRANGE'"
local lex = redis.call('zrange', KEYS[3], '(a', '[z', 'bylex') -- want: unbounded-read "without LIMIT"

-- Only the size is used: count instead of reading.
local n = #redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[3], ARGV[4]) -- want: unbounded-read "only its size is used: ZCOUNT counts the members without reading them"
local inWindow = redis.call('ZRANGE', KEYS[1], 0, ARGV[5], 'BYSCORE') -- want: unbounded-read "ZCOUNT"
local lexCount = redis.call('ZRANGEBYLEX', KEYS[3], '[a', '[c') -- want: unbounded-read "ZLEXCOUNT"
-- Also the size: the whole-set form says it too.
local all = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf') -- want: unbounded-read "ZCOUNT"
return {n, #inWindow, #lexCount, #all, old[1], names[1], rnames[1], win[1], lex[1]}
