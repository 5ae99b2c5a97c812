local rcall = redis.call
for _, m in ipairs(rcall('SMEMBERS', KEYS[1])) do -- want: unbounded-read
end
local all = redis.call('HGETALL', KEYS[2]) -- want: unbounded-read
return #all
