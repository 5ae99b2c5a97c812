redis.call('DEL', KEYS[1])
assert(ARGV[1], 'missing') -- want: write-before-validation
return 1
