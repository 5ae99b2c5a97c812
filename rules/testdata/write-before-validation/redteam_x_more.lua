local rcall = redis.call
rcall('LPUSH', KEYS[1], ARGV[1])
local n = tonumber(ARGV[2])
if n == nil then
  error({err = 'ERR bad n'}) -- want: write-before-validation
end
return n
