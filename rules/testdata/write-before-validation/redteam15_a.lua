redis.call('hset', KEYS[1], 'a', 1)
if tonumber(ARGV[1]) == nil then error('bad') end -- want: write-before-validation
return 1
