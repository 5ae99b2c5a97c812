-- A score range without LIMIT returns every member in it (ten here), and
-- ZCOUNT gives the same size without reading them.
-- redis-setup: ZADD z 1 a 2 b 3 c 4 d 5 e 6 f 7 g 8 h 9 i 10 j
-- redis-keys: z
-- redis-args: 0 100
-- redis: reply [int:10 int:10]
local n = #redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[2]) -- want: unbounded-read "ZCOUNT"
return {n, redis.call('ZCOUNT', KEYS[1], ARGV[1], ARGV[2])}
