redis.call('SET', KEYS[1], 1)
if not tonumber(ARGV[1]) then
  return 0
end
local m = string.match(ARGV[2] or '', '^%d+$')
if not m then return false end
return 1
