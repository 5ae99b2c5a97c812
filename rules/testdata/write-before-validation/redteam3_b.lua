local n = 0
repeat
  redis.call('RPUSH', KEYS[1], n)
  n = n + 1
  if ARGV[n] == 'stop' then
    error('stopped') -- want: write-before-validation
  end
until n >= 3
return n
