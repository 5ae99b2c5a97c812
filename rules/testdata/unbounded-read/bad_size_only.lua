-- A whole collection read only for its size: the counting command says
-- the same without copying it.
local n1 = #redis.call('SMEMBERS', KEYS[1])          -- want: unbounded-read "only its size is used: SCARD counts the members without reading them"
local fields = redis.call('HKEYS', KEYS[2])          -- want: unbounded-read "HLEN"
local n2 = #redis.call('LRANGE', KEYS[3], 0, -1)     -- want: unbounded-read "LLEN"
local n3 = #redis.call('ZRANGE', KEYS[4], 0, -1)     -- want: unbounded-read "ZCARD"
-- Not the same count: no counting command is offered.
local tail = #redis.call('LRANGE', KEYS[3], 1, -1)   -- want: unbounded-read "read a bounded range"
-- Used for more than the size: no counting command either.
local members = redis.call('SMEMBERS', KEYS[1])      -- want: unbounded-read "SSCAN"
redis.call('SADD', KEYS[5], members[1])
return n1 + #fields + n2 + n3 + tail + #members
