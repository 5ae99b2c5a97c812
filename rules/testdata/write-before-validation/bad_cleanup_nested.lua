-- The exemption is for the branch that decided the error. A write
-- followed by a further check inside the branch is a half-applied change.
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('DEL', KEYS[1])
  if not tonumber(ARGV[1]) then
    return redis.error_reply('bad count')                -- want: write-before-validation "ARGV[1] is validated after a write"
  end
  -- An assert decides by itself, after the write.
  assert(ARGV[2] ~= '', 'empty name')                    -- want: write-before-validation "'DEL' on line 4 stays"
  -- A raise inside an expression decides there too.
  local n = tonumber(ARGV[3]) or error('bad')            -- want: write-before-validation "'DEL' on line 4 stays"
  return n
end
