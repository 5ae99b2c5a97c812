for i = 1, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i])
  if ARGV[i] == nil then error('missing value') end -- want: write-before-validation
end
return 1
