-- The conversion ran before the write, only its test comes after: the
-- message does not claim the input is validated after a write.
local n = tonumber(ARGV[1])
redis.call('SET', KEYS[1], 'x')
if not n then
  return redis.error_reply('not a number')               -- want: write-before-validation "the error reply is returned after a write"
end
return n
