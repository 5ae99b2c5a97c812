local n = redis.call('ZREM', KEYS[1], ARGV[1])
if n < 1 then
  return redis.error_reply('no such member')
end
redis.call('ZADD', KEYS[2], 1, ARGV[1])
if redis.call('HDEL', KEYS[3], ARGV[1]) == 0 then
  return redis.error_reply('no such field') -- want: write-before-validation
end
return n
