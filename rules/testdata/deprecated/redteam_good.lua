redis.call('SET', KEYS[1], 'v', 'GET')
redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT')
redis.call('HSET', KEYS[1], 'a', 'b')
local r = redis.replicate_commands
return 1
