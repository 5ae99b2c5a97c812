-- Wallet debit with a refund path for reversals. The refund branch uses
-- DECRBYFLOAT, a command Redis does not have (only INCRBYFLOAT with a
-- negative amount): reversals fail with "Unknown Redis command".
--
-- KEYS[1]  wallet balance (decimal string)
-- ARGV[1]  amount
-- ARGV[2]  "debit" or "refund"
-- realistic: keys=wallet:{u:1} args=2.50,debit
local rcall = redis.call
local key = KEYS[1]
local amount = tonumber(ARGV[1])
if not amount or amount <= 0 then
  return redis.error_reply('ERR amount must be a positive number')
end

if ARGV[2] == 'refund' then
  return rcall('DECRBYFLOAT', key, amount) -- want: unknown-command
end
return rcall('INCRBYFLOAT', key, -amount)
