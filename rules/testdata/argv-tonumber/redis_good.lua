-- redis: reply int:1
-- redis-args: 7
local n = tonumber(ARGV[1])
if not n then
  return redis.error_reply('not a number')
end
if n > 5 then
  return 1
end
return 0
