-- redis: error "INVALID ROOM TICK"
-- redis-keys: wbv:tick
-- redis-args: 5 room
-- state-after: EXISTS wbv:tick => int:0
-- ZADD XX CH INCR on an absent member changes nothing and replies null
-- (false in Lua): the error answers the write's own outcome.
if redis.call('ZADD', KEYS[1], 'XX', 'CH', 'INCR', ARGV[1], ARGV[2]) == false then
  return redis.error_reply('INVALID ROOM TICK')
end
return 1
