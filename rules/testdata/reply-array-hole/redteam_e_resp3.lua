redis.setresp(3)
local v = redis.call('GET', KEYS[1])
return {v, 'x'} -- want: reply-array-hole
