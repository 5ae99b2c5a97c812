-- redis: error "insufficient funds"
-- redis-keys: wbv:balance
-- redis-setup: SET wbv:balance 3
-- rules/atomicity_redis_test.go checks that the DECRBY stays.
local n = redis.call('DECRBY', KEYS[1], 5)
if n < 0 then
  return redis.error_reply('insufficient funds')         -- want: write-before-validation "'DECRBY' on line 5 stays"
end
return n
