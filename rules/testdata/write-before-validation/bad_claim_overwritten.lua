-- A write whose reply is replaced on some path before the test: the
-- first SET NX may have succeeded, then the second failed.
local ok = redis.call('SET', KEYS[1], ARGV[1], 'NX')
if ARGV[2] == 'both' then
  ok = redis.call('SET', KEYS[2], ARGV[1], 'NX')
end
if not ok then
  return redis.error_reply('TAKEN')                      -- want: write-before-validation "'SET' on line 3 stays"
end
-- Replaced by a plain value on some path: the SREM may have removed.
local removed = redis.call('SREM', KEYS[3], ARGV[1])
if ARGV[3] == 'reset' then
  removed = 0
end
if removed == 0 then
  return redis.error_reply('not a member')               -- want: write-before-validation "'SET' on line 3 stays"
end
return 1
