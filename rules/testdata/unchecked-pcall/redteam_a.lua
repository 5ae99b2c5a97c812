redis.pcall('SET', KEYS[1], ARGV[1]) -- want: unchecked-pcall
local call = redis.pcall
call('DEL', KEYS[1]) -- want: unchecked-pcall
pcall(redis.call, 'INCR', KEYS[1]) -- want: unchecked-pcall
pcall(function() redis.call('INCR', KEYS[1]) end) -- want: unchecked-pcall
local r = redis.pcall('GET', KEYS[1]) -- want: unchecked-pcall
redis.call('SET', KEYS[2], r)
local ok, v = pcall(cjson.decode, ARGV[1]) -- want: unchecked-pcall
return v.x
