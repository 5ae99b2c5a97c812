-- redis: ok
-- redis-keys: wbv:{s}:slug wbv:{s}:links
-- redis-args: https://example.com 0 1700000000
-- The shortlink idiom: the claim is a SET NX on every path, and its null
-- reply (nothing written) is the only way to the error.
local claimed
if tonumber(ARGV[2]) > 0 then
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2])
else
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX')
end
if not claimed then
  return redis.error_reply('TAKEN')
end
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
return 1
