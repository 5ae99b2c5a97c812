-- The sentinel is an ordinary integer reply, not an error: only the
-- client turns it into one, after the LPUSH already ran.
-- fixture: option sentinel-returns=-1
-- redis-keys: q missing
-- redis: reply int:-1
redis.call('LPUSH', KEYS[1], 'job')
if redis.call('EXISTS', KEYS[2]) == 0 then
  return -1 -- want: write-before-validation "the sentinel -1"
end
return 1
