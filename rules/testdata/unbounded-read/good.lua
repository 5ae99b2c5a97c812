-- Bounded reads.
local some = redis.call('SRANDMEMBER', KEYS[1], 10)
local n = redis.call('SCARD', KEYS[1])
local f = redis.call('HMGET', KEYS[2], 'name', 'email')
local page = redis.call('SSCAN', KEYS[1], ARGV[1], 'COUNT', 100)
local head = redis.call('LRANGE', KEYS[4], 0, 99)
local last = redis.call('LRANGE', KEYS[4], -10, -1)
local z = redis.call('ZRANGE', KEYS[5], 0, 9, 'WITHSCORES')
local zs = redis.call('ZRANGE', KEYS[5], '-inf', '+inf', 'BYSCORE', 'LIMIT', 0, 100)
local zbs = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', '+inf', 'LIMIT', 0, 50)
local x = redis.call('XRANGE', KEYS[6], '-', '+', 'COUNT', 10)

-- Ranges from ARGV are the caller's choice.
local r = redis.call('LRANGE', KEYS[4], ARGV[2], ARGV[3])
local zr = redis.call('ZRANGE', KEYS[5], 0, tonumber(ARGV[4]))
local zo = redis.call('ZRANGE', KEYS[5], '-inf', '+inf', ARGV[5], ARGV[6], ARGV[7], ARGV[8])

-- The STORE forms keep the result in Redis.
redis.call('SINTERSTORE', KEYS[7], KEYS[1], KEYS[3])
redis.call('SUNIONSTORE', KEYS[7], KEYS[1], KEYS[3])

-- A dynamic command name.
local d = redis.call(ARGV[9], KEYS[1])
return {n, #some, #f, #page, #head, #last, #z, #zs, #zbs, #x, #r, #zr, #zo, d}
