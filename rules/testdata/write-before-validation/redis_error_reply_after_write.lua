-- redis: error "insufficient funds"
-- redis-keys: wbv:balance
-- redis-setup: SET wbv:balance 3
-- state-after: GET wbv:balance => bulk:"-2"
local n = redis.call('DECRBY', KEYS[1], 5)
if n < 0 then
  return redis.error_reply('insufficient funds')         -- want: write-before-validation "'DECRBY' on line 5 stays"
end
return n
