redis.call('DEL', KEYS[1])
local ok = type(ARGV[1]) == 'string' and #ARGV[1] > 0
if not ok then
  return redis.error_reply('ARGV[1] must be a non-empty string') -- want: write-before-validation
end
return 1
