-- a write whose 0 result guards the error, through a local alias and pcall-less
local rcall = redis.call
local added = rcall('SADD', KEYS[1], ARGV[1])
if added == 0 then
  return redis.error_reply('already a member')
end
local ok = rcall('HSETNX', KEYS[2], 'f', ARGV[1])
if ok == 0 then return {err = 'exists'} end -- want: write-before-validation
return 1
