-- redis: reply bulk:"present"
-- redis-keys: missing-key
-- A missing key arrives as false: 'x == nil or x == ""' lets it through.
local x = redis.call('GET', KEYS[1])
if x == nil or x == '' then return 'missing' end -- want: nil-reply-check
return 'present'
