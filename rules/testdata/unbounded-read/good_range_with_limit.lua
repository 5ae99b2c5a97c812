-- Ranges read with LIMIT are bounded pages; an unknown option list may
-- hold a LIMIT (not judged); XRANGE's ID window is not a sorted-set range.
local page = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 100)
local rpage = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', ARGV[2], 'WITHSCORES', 'LIMIT', 0, 10)
local lpage = redis.call('ZRANGEBYLEX', KEYS[2], '[a', '[b', 'LIMIT', 0, 10)
local zpage = redis.call('ZRANGE', KEYS[1], 0, ARGV[3], 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[4]))
local opts = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], unpack(ARGV, 5))
local ranks = redis.call('ZRANGE', KEYS[1], 0, 9)
local xs = redis.call('XRANGE', KEYS[3], ARGV[5], '+')
local count = redis.call('ZCOUNT', KEYS[1], 0, ARGV[1])
return {#page, #rpage, #lpage, #zpage, #opts, #ranks, #xs, count}
