-- redis: error "ROOM NO EXIST"
-- redis-keys: wbv:ticks wbv:room
-- redis-args: 7 s1
-- redis-setup: ZADD wbv:ticks 1 s1
-- state-after: ZSCORE wbv:ticks s1 => bulk:"7"
-- A heartbeat (ZADD XX of an existing member), a TTL refresh and the
-- trimming of expired members are right whatever follows: the error after
-- them leaves no half-applied change.
redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], 60000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', 0)
if redis.call('EXISTS', KEYS[2]) == 0 then
  return redis.error_reply('ROOM NO EXIST')
end
return redis.call('HGET', KEYS[2], 'name')
