-- Move credits between two wallets and append the movement to a ledger
-- stream, refusing overdrafts. All three keys share the {tenant} tag.
--
-- KEYS[1]  source wallet balance (integer cents)
-- KEYS[2]  destination wallet balance
-- KEYS[3]  ledger stream
-- ARGV[1]  amount in cents
-- ARGV[2]  transfer id (for the ledger)
-- Returns {source balance, destination balance}.
--
-- realistic: keys=wallet:{t1}:alice,wallet:{t1}:bob,ledger:{t1} args=2500,tr-9001
-- realistic: setup=SET wallet:{t1}:alice 10000; SET wallet:{t1}:bob 0
local rcall = redis.call
local from_key, to_key, ledger_key = KEYS[1], KEYS[2], KEYS[3]
local amount = tonumber(ARGV[1])
local transfer_id = ARGV[2]
if not amount or amount <= 0 or amount % 1 ~= 0 then
  return redis.error_reply('ERR amount must be a positive integer number of cents')
end
if not transfer_id or transfer_id == '' then
  return redis.error_reply('ERR transfer id required')
end
if from_key == to_key then
  return redis.error_reply('ERR source and destination are the same wallet')
end

local balance = tonumber(rcall('GET', from_key)) or 0
if balance < amount then
  return redis.error_reply('INSUFFICIENT balance ' .. balance .. ' < ' .. amount)
end

local from_balance = rcall('DECRBY', from_key, amount)
local to_balance = rcall('INCRBY', to_key, amount)
rcall('XADD', ledger_key, 'MAXLEN', '~', 1000000, '*',
  'id', transfer_id, 'from', from_key, 'to', to_key, 'amount', amount)
return {from_balance, to_balance}
