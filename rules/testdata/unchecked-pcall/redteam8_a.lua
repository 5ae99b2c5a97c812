local res = redis.pcall('GET', KEYS[1]) -- want: unchecked-pcall
return tonumber(res) + 1
