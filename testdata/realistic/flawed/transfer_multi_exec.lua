-- A transfer ported from client code that wrapped the two writes in
-- MULTI/EXEC "for atomicity". Scripts are already atomic, and MULTI/EXEC
-- are refused inside them ("This Redis command is not allowed from
-- script"), so every transfer fails.
--
-- KEYS[1]  source balance
-- KEYS[2]  destination balance
-- ARGV[1]  amount
-- realistic: keys=bal:{t}:a,bal:{t}:b args=5
local rcall = redis.call
local from_key, to_key = KEYS[1], KEYS[2]
local amount = tonumber(ARGV[1])
if not amount or amount <= 0 then
  return redis.error_reply('ERR amount must be a positive number')
end
if (tonumber(rcall('GET', from_key)) or 0) < amount then
  return redis.error_reply('ERR insufficient funds')
end

rcall('MULTI') -- want: command-not-allowed
rcall('DECRBY', from_key, amount)
rcall('INCRBY', to_key, amount)
return rcall('EXEC') -- want: command-not-allowed
