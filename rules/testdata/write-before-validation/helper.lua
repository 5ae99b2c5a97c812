-- Writes inside local functions count.
local function enqueue(key, value)
  redis.call('LPUSH', key, value)
end
local function fail(msg)
  error(msg)                                             -- want: write-before-validation "'LPUSH' on line 3 stays"
end
enqueue(KEYS[1], ARGV[1])
if ARGV[2] == '' then
  fail('empty')
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  return redis.error_reply('exists')                     -- want: write-before-validation "'LPUSH' on line 3"
end
return 1
