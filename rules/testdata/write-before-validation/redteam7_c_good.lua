local function check(v)
  if not tonumber(v) then
    error('not a number')
  end
  return tonumber(v)
end
local n = check(ARGV[2])
redis.call('SET', KEYS[1], n)
return n
