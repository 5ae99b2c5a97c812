-- The error reports the outcome of the write itself, made in a helper that
-- returns the write's reply: there is nothing to validate before it.
local function subscribe(set, member)
  return redis.call('ZADD', set, 'NX', 0, member)
end
if subscribe(KEYS[1], ARGV[1]) == 0 then
  return redis.error_reply('ALREADY SUBSCRIBED')
end
return 1
