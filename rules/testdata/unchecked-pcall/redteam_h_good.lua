local r = redis.pcall('INCR', KEYS[1])
return r
