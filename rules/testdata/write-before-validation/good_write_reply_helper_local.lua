-- The helper's reply through a local.
local reserve = function(set, member)
  return redis.call('SADD', set, member)
end
local added = reserve(KEYS[1], ARGV[1])
if added == 0 then
  return redis.error_reply('ALREADY RESERVED')
end
return added
