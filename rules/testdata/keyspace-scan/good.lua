-- One step of SSCAN/HSCAN/ZSCAN per call: the caller keeps the cursor.
local r = redis.call('SSCAN', KEYS[1], ARGV[1], 'COUNT', 100)
local h = redis.call('HSCAN', KEYS[2], ARGV[2])

-- A loop with a budget stops early.
local c, rounds = '0', 0
repeat
  local z = redis.call('ZSCAN', KEYS[3], c, 'COUNT', 100)
  c = z[1]
  rounds = rounds + 1
until c == '0' or rounds == 5

-- A fixed number of rounds.
local sc = '0'
for i = 1, 10 do
  local s = redis.call('SSCAN', KEYS[1], sc)
  sc = s[1]
  if sc == '0' then
    break
  end
end

-- A dynamic command name is unknown: silent.
redis.call(ARGV[3], KEYS[1])

-- Keys passed by the caller.
for _, k in ipairs(KEYS) do
  redis.call('DEL', k)
end
return {r[1], h[1]}
