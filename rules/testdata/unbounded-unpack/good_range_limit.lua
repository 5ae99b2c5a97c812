-- Range reads with LIMIT, and index ranges chosen by the caller.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 100)
if #due > 0 then
  redis.call('RPUSH', KEYS[2], unpack(due))
end
local some = redis.call('ZRANGE', KEYS[1], 0, ARGV[1], 'BYSCORE', 'LIMIT', 0, ARGV[2])
redis.call('ZREM', KEYS[1], unpack(some))
local page = redis.call('ZRANGE', KEYS[1], 0, 99)
redis.call('SADD', KEYS[3], unpack(page))
local entries = redis.call('XRANGE', KEYS[4], '-', '+', 'COUNT', 50)
return #entries
