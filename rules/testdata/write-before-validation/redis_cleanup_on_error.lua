-- redis: error "EXPIRED"
-- redis-keys: wbv:tok
-- redis-args: 1700000000
-- redis-setup: HSET wbv:tok user 42 expires_at 1600000000
-- state-after: EXISTS wbv:tok => int:0
-- The cleanup is the answer to the expiry check made before it: the
-- expired token is gone and the caller gets EXPIRED, as intended.
local now = tonumber(ARGV[1])
if not now then
  return redis.error_reply('ERR now must be a number')
end
local expires_at = tonumber(redis.call('HGET', KEYS[1], 'expires_at')) or 0
if expires_at <= now then
  redis.call('DEL', KEYS[1])
  return redis.error_reply('EXPIRED token expired')
end
return redis.call('HGET', KEYS[1], 'user')
