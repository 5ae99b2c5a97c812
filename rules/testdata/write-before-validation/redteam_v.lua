redis.call('SET', KEYS[1], 1)
local ok = string.match(ARGV[1], '^%a+$')
if ok == nil then
  return { err = 'ERR invalid name' } -- want: write-before-validation
end
return redis.status_reply('OK')
