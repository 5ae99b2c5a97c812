-- Every reaching definition is a write whose 0 reply means "not added";
-- the test is inverted, the else branch holding the error.
local added
if ARGV[3] == 'lex' then
  added = redis.call('ZADD', KEYS[2], 'NX', 0, ARGV[1])
else
  added = redis.call('SADD', KEYS[3], ARGV[1])
end
if added == 1 then
  redis.call('INCR', KEYS[4])
else
  return redis.error_reply('already added')
end
return 1
