if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  return redis.error_reply('exists')
end
return 'OK'
