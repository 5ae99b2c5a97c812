-- redis: error "amount must be a number"
-- redis-keys: wbv:balance
-- redis-args: abc
-- redis-setup: SET wbv:balance 10
-- state-after: GET wbv:balance => bulk:"10"
-- Validation before the first write: the failed call changed nothing.
local amount = tonumber(ARGV[1])
if not amount then
  return redis.error_reply('amount must be a number')
end
redis.call('DECRBY', KEYS[1], amount)
return 1
