-- redis: error "TAKEN"
-- redis-keys: wbv:{t}:slug wbv:{t}:links
-- redis-args: https://new.example 60 1700000000
-- redis-setup: SET wbv:{t}:slug https://old.example
-- state-after: GET wbv:{t}:slug => bulk:"https://old.example"
-- state-after: TTL wbv:{t}:slug => int:-1
-- state-after: EXISTS wbv:{t}:links => int:0
-- The failed SET NX (in either branch) wrote nothing: the error leaves
-- the data as it was.
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
