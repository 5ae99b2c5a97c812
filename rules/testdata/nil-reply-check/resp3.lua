-- Under RESP3 a null arrives as nil: the test is right.
redis.setresp(3)
if redis.call('GET', KEYS[1]) == nil then
  return 0
end
if redis.call('SET', KEYS[1], 'v') == 'OK' then          -- want: nil-reply-check "status reply"
  return 1
end
return 2
