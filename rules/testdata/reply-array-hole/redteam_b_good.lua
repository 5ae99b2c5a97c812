local v = redis.call('GET', KEYS[1])
local r = redis.call('HMGET', KEYS[1], 'a', 'b')
if #ARGV == 0 then return {v or '', 'x'} end
if #ARGV == 1 then return {tostring(v), 1} end
if #ARGV == 2 then return r end
if #ARGV == 3 then return {1, 2, 3} end
if #ARGV == 4 then return {KEYS[1], ARGV[1]} end
if #ARGV == 5 then return {v} end
if #ARGV == 6 then
  local n = tonumber(ARGV[1]) or 0
  return {n, 1}
end
if v then return {v, 1} end
if #ARGV == 7 then return {redis.call('INCR', KEYS[1]), 1} end
if #ARGV == 8 then return {ok = 'OK'} end
return {r[1] == false and 1 or 0, 'x'}
