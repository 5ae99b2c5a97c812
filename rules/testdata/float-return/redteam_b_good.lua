local a = tonumber(ARGV[1])
if a == 1 then return math.floor(a / 2) end
if a == 2 then return tostring(a / 2) end
if a == 3 then return string.format('%.2f', a / 3) end
if a == 4 then return redis.call('INCRBYFLOAT', KEYS[1], 1.5) end
if a == 5 then return redis.call('ZSCORE', KEYS[1], 'x') end
if a == 6 then return a * 2 end
if a == 7 then return #ARGV end
if a == 8 then return math.ceil(a / 3) end
if a == 9 then return redis.call('INCR', KEYS[1]) + 1 end
if a == 10 then return tostring(math.sqrt(a)) end
if a == 11 then return {tostring(a / 3), math.floor(a * 0.5)} end
if a == 12 then return 10 % 3 end
return 0
