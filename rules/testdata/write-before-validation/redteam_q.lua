redis.call('SET', KEYS[1], ARGV[1])
repeat
  local v = tonumber(ARGV[2])
  if not v then
    return redis.error_reply('bad') -- want: write-before-validation
  end
until true
return 1
