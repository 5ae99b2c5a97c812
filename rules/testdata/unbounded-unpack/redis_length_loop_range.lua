-- redis: error "too many results to unpack"
-- redis-keys: due
-- redis-args: 9000
-- A score range without LIMIT holds every member in the range: copied
-- with a numeric loop up to #reply, 8000 of them cannot be unpacked.
for i = 1, 8000 do
  redis.call('ZADD', KEYS[1], i, 'm' .. i)
end
local due = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE')
local picked = {}
for i = 1, #due do
  picked[#picked + 1] = due[i]
end
return redis.call('ZREM', KEYS[1], unpack(picked)) -- want: unbounded-unpack "the size of the 'ZRANGE' reply"
