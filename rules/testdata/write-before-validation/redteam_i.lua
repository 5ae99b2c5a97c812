local mode = ARGV[1]
if mode == 'a' then
  redis.call('SET', KEYS[1], 1)
elseif mode == 'b' then
  redis.call('DEL', KEYS[1])
else
  return redis.error_reply('unknown mode')
end
return 1
