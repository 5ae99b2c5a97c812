-- The "nothing changed" exemption covers only the writes the test sees.
-- A SET NX in one branch, a SET GET (null when the key was new: it still wrote) in the other.
local claimed
if ARGV[1] == 'count' then
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'GET')
else
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX')
end
if not claimed then
  return redis.error_reply('TAKEN')                      -- want: write-before-validation "'SET' on line 5 stays"
end
return 1
