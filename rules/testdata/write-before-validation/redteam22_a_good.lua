if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  return 'created'
elseif ARGV[2] == 'strict' then
  return redis.error_reply('exists')
end
return 'kept'
