local removed = redis.call('SREM', KEYS[2], ARGV[1])
if removed == 0 then
  return redis.error_reply('not a member')
end
local n = redis.call('HDEL', KEYS[1], ARGV[1])
if n == 0 then return redis.error_reply('nope') end -- want: write-before-validation
return 1
