-- In a loop, the test sees only the last run of the write: the SET NX of
-- earlier iterations succeeded and stays.
for i = 1, #KEYS do
  local ok = redis.call('SET', KEYS[i], ARGV[1], 'NX')
  if not ok then
    return redis.error_reply('TAKEN')                    -- want: write-before-validation "'SET' on line 4 stays"
  end
end
for i = 1, #KEYS do
  if redis.call('LREM', KEYS[i], 1, ARGV[1]) == 0 then
    return redis.error_reply('not found')                -- want: write-before-validation "'SET' on line 4 stays"
  end
end
return 1
