redis.call('HSET', KEYS[1], 'f', 'v')
if ARGV[1] == '' then
  return {err = 'empty'} -- want: write-before-validation
end
return 1
