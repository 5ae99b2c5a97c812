local function check(v)
  if not tonumber(v) then
    error('not a number: ' .. tostring(v)) -- want: write-before-validation
  end
  return tonumber(v)
end
redis.call('SET', KEYS[1], ARGV[1])
local n = check(ARGV[2])
return n
