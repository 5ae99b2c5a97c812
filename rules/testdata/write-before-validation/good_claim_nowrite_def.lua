-- A definition that is not a write (a fallback value) does not make the
-- write's test any weaker: on the path through it no write ran.
local removed = 0
if ARGV[1] ~= '' then
  removed = redis.call('SREM', KEYS[1], ARGV[1])
end
if removed == 0 then
  return redis.error_reply('not a member')
end
return removed
