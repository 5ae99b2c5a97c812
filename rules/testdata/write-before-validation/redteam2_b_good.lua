if ARGV[1] == 'set' then
  redis.call('SET', KEYS[1], ARGV[2])
else
  error('unknown op')
end
return 1
