local call = redis.pcall
call('RPUSH', KEYS[1], ARGV[1])
local r = redis.call('GET', KEYS[2])
if not r then
  return redis.error_reply('no config') -- want: write-before-validation
end
return r
