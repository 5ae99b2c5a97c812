if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 0 then
  return redis.error_reply('not found')
end
local removed = redis.call('SREM', KEYS[2], ARGV[1])
if removed == 0 then
  return redis.error_reply('not a member') -- want: write-before-validation
end
return 1
