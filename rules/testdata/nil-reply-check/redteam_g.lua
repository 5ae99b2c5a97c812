local x = redis.call('GET', KEYS[1])
if x == nil or x == '' then return 0 end -- want: nil-reply-check
if x ~= nil and x ~= '0' then return 1 end -- want: nil-reply-check
if x ~= nil and #x > 0 then return 2 end -- want: nil-reply-check
return 3
