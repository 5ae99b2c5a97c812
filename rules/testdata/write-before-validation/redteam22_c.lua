if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  if ARGV[2] == '' then
    return redis.error_reply('empty') -- want: write-before-validation
  end
end
return 1
