local mode = ARGV[1]
if mode == 'a' then
  redis.call('SET', KEYS[1], 1)
  return 1
elseif mode == 'b' then
  return redis.error_reply('mode b is disabled')
else
  error('unknown mode')
end
