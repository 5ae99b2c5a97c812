for i = 1, #KEYS do
  local v = tonumber(ARGV[i])
  if not v then
    return redis.error_reply('bad value ' .. i) -- want: write-before-validation
  end
  redis.call('SET', KEYS[i], v)
end
return #KEYS
