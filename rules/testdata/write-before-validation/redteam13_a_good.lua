if redis.call('HDEL', KEYS[1], ARGV[1]) ~= 1 then
  return redis.error_reply('no such field')
end
return 1
