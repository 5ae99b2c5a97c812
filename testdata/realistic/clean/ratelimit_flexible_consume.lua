-- Consume points from a limiter (rate-limiter-flexible style): create the
-- counter with its expiry if absent, then add the points. ARGV values go
-- straight into the commands, which parse and validate them.
--
-- KEYS[1]  points counter
-- ARGV[1]  points to consume
-- ARGV[2]  duration in seconds
-- Returns {points consumed in the window, ms until reset}.
--
-- realistic: keys=rlflx:{login}:10.0.0.1 args=1,60
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
return {consumed, redis.call('pttl', KEYS[1])}
