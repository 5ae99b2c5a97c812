-- A job names its queue; the script runs the command only where the name
-- was found equal to one of the keys it was given, so the key reaching
-- the command is a declared one.
local queue = ARGV[1] .. ':' .. ARGV[2]
for _, declared in ipairs(KEYS) do
  if declared == queue then
    redis.call('RPUSH', queue, ARGV[3])
    return 1
  end
end
local dead = 'dead:' .. ARGV[1]
if #KEYS > 1 and KEYS[2] == dead then
  redis.call('DEL', dead)
end
for i = 1, #KEYS do
  if KEYS[i] == queue then
    redis.call('LPUSH', queue, ARGV[3])
  end
end
return 0
