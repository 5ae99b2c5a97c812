local ok, res = pcall(redis.call, 'GET', KEYS[1]) -- want: unchecked-pcall
redis.call('SET', KEYS[2], res)
local a = pcall(cjson.decode, ARGV[1]) -- want: unchecked-pcall
return 1
