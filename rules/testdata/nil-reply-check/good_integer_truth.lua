-- Integer replies compared with numbers; replies that can be null tested
-- for truth (a null is false); replies whose command or type is unknown.
local rcall = redis.call
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 1
end
if rcall('SCARD', KEYS[2]) > 0 then
  return 2
end
if redis.call('ZRANK', KEYS[3], ARGV[1]) then
  return 3
end
local score = redis.call('ZSCORE', KEYS[3], ARGV[1])
if not score then
  return 4
end
if redis.call('GET', KEYS[1]) or redis.call('HGET', KEYS[2], 'f') then
  return 5
end
-- Unknown command name: its reply is unknown.
if redis.call(ARGV[1], KEYS[1]) then
  return 6
end
-- A protected call: the reply may be an error table.
if not redis.pcall('EXISTS', KEYS[1]) then
  return 7
end
-- pcall's first result is a boolean.
local ok = pcall(redis.call, 'EXISTS', KEYS[1])
if ok then
  return 8
end
-- A local that is not always the reply.
local v = redis.call('EXISTS', KEYS[1])
if ARGV[2] == 'skip' then
  v = false
end
if v then
  return 9
end
-- A default that is not for the reply, and one that is dead but harmless.
local n = tonumber(redis.call('GET', KEYS[4])) or 0
local len = redis.call('LLEN', KEYS[5]) or 0
-- The reply as the value of and/or, not tested.
local r = ARGV[3] == 'x' and redis.call('SADD', KEYS[6], ARGV[1])
local w = n > 0 and rcall('INCR', KEYS[7]) or rcall('DECR', KEYS[7])
local kind = type(redis.call('TTL', KEYS[1]))
if redis.call('SISMEMBER', KEYS[6], ARGV[1]) == 1 and ARGV[4] ~= nil then
  return {n, len, r, w, kind}
end
return redis.call('HEXISTS', KEYS[2], 'f') ~= 0
