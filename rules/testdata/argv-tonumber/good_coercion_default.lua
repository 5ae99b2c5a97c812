-- Arithmetic, math.* arguments and numeric for bounds convert numeric
-- strings in Lua 5.1: not reported by default.
local ttl = ARGV[5]
redis.call('EXPIRE', KEYS[1], ttl * 1000)
local n = math.floor(ARGV[6])
for i = 1, ARGV[7] do
  redis.call('RPOP', KEYS[1])
end
local total = -ARGV[8]
-- Tables with string keys may be indexed by ARGV; strings compared with
-- text that is not a number are compared on purpose.
local seen = {}
seen[ARGV[1]] = true
local byName = {low = 1, high = 3}
local rank = byName[ARGV[2]]
local names = {'a', 'b'}
names.extra = 'c'
local other = names[ARGV[3]]
if ARGV[4] >= 'm' then
  return 0
end
local t = {}
t[ARGV[9]] = 1
return {n + total, rank, other, t[ARGV[9]]}
