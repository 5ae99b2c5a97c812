-- An integer reply is never false (0 is true in Lua): the else branch is
-- not chosen by the HSET, which is the only write before it.
local didSet = redis.call('HSET', KEYS[1], 'room', ARGV[1])
if didSet then
  return 1
else
  return redis.error_reply('INVALID ROOM')
end
