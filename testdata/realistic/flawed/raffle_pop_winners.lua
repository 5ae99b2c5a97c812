-- Draw raffle winners: pops the N best tickets. N comes straight from the
-- request with no cap, so a typo ("1000000") pops the whole set in one
-- call while the server is blocked, and the winners list grows with it.
--
-- KEYS[1]  tickets sorted set
-- KEYS[2]  winners list
-- ARGV[1]  number of winners
-- realistic: keys=raffle:{r1}:tickets,raffle:{r1}:winners args=3
local rcall = redis.call
local tickets_key, winners_key = KEYS[1], KEYS[2]
local n = tonumber(ARGV[1])
if not n or n < 1 then
  return redis.error_reply('ERR winners must be a positive number')
end

local drawn = 0
for _ = 1, n do -- want: unbounded-loop
  local best = rcall('ZPOPMAX', tickets_key)
  if #best == 0 then
    break
  end
  rcall('RPUSH', winners_key, best[1])
  drawn = drawn + 1
end
return drawn
