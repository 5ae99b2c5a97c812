local rcall = redis.call
local moved = rcall('SMOVE', KEYS[1], KEYS[2], ARGV[1])
if moved == 0 then
  error('not a member of the source set')
end
return moved
