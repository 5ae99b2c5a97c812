-- A write in an earlier iteration counts.
for i = 1, #KEYS do
  if not tonumber(ARGV[i]) then
    return redis.error_reply('not a number')             -- want: write-before-validation "'SET' on line 6"
  end
  redis.call('SET', KEYS[i], ARGV[i])
end
return #KEYS
