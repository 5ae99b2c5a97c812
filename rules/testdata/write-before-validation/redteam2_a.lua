pcall(redis.call, 'SET', KEYS[1], 1)
if not tonumber(ARGV[1]) then
  return redis.error_reply('bad') -- want: write-before-validation
end
return 1
