-- A write before the branch still counts, cleanup or not.
redis.call('HSET', KEYS[1], 'seen', ARGV[1])
if redis.call('HGET', KEYS[1], 'expires_at') == '0' then
  redis.call('DEL', KEYS[2])
  return redis.error_reply('EXPIRED')                    -- want: write-before-validation "'HSET' on line 2 stays"
end
return 1
