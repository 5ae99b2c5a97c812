-- redis: reply bulk:"v1"
-- redis-keys: atn:hash
-- redis-args: f1
-- redis-setup: HSET atn:hash f1 v1
-- Under RESP3, HGETALL arrives as {map = {field = value}}: its keys are
-- field names, so indexing it by an ARGV string is right.
redis.setresp(3)
local h = redis.call('HGETALL', KEYS[1])
return h.map[ARGV[1]]
