redis.call('EXPIRE', KEYS[1], 10)
local data = cjson.decode(ARGV[1])
if type(data) ~= 'table' then
  return redis.error_reply('expected an object') -- want: write-before-validation
end
return 1
