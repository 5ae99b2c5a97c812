local rcall = redis.call
rcall('INCR', KEYS[1])
if type(ARGV[1]) ~= 'string' then
  error('bad') -- want: write-before-validation
end
return 1
