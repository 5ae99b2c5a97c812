local function save(k, v)
  redis.call('SET', k, v)
end
save(KEYS[1], ARGV[1])
if not tonumber(ARGV[2]) then
  error('ARGV[2] must be a number') -- want: write-before-validation
end
return 1
