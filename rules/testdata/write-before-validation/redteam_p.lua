local rcall = redis.call
if rcall('DEL', KEYS[1]) == 0 then
  return redis.error_reply('nothing')
end
if tonumber(rcall('LREM', KEYS[2], 0, 'x')) == 0 then
  error('still nothing') -- want: write-before-validation
end
return 'OK'
