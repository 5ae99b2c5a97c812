-- A local set from a write's "nothing changed" reply on every path: the
-- error answers a write that did nothing, whichever branch ran.
local claimed
if tonumber(ARGV[2]) > 0 then
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2])
else
  claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX')
end
if not claimed then
  return redis.error_reply('TAKEN')
end
return 1
