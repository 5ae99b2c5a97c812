-- Range reads without LIMIT/COUNT: the reply holds every element in the
-- range, as many as the data has.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1])
if #due > 0 then
  redis.call('RPUSH', KEYS[2], unpack(due)) -- want: unbounded-unpack "'ZRANGEBYSCORE' reply (a range read without LIMIT)"
end
local old = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE')
redis.call('ZREM', KEYS[1], unpack(old)) -- want: unbounded-unpack "ZRANGE"
local ids = {}
for _, id in ipairs(redis.call('ZREVRANGEBYLEX', KEYS[3], '+', '[a')) do
  ids[#ids + 1] = 'job:' .. id
end
return redis.call('SADD', KEYS[4], unpack(ids)) -- want: unbounded-unpack
