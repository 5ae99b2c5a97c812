-- A cursor loop with a round budget.
local cursor = '0'
local rounds = 0
local hit = nil
repeat
  local r = redis.call('SSCAN', KEYS[1], cursor, 'MATCH', ARGV[1])
  cursor = r[1]
  hit = r[2][1]
  rounds = rounds + 1
until hit or rounds >= 10 or cursor == '0'
return {hit, cursor}
