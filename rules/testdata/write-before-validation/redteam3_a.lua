redis.call('SET', KEYS[1], 1)
local e = redis.error_reply('bad input')
if ARGV[1] == '' then
  return e -- want: write-before-validation
end
return 1
