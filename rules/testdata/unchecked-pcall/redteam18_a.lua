local p = pcall
p(redis.call, 'SET', KEYS[1], 1) -- want: unchecked-pcall
local ok = p(cjson.decode, ARGV[1])
if ok then return 1 end
local okk, val = pcall(function() return redis.call('GET', KEYS[1]) end) -- want: unchecked-pcall
return val
