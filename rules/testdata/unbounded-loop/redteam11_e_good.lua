repeat
  local n = redis.call('INCR', KEYS[1])
  if n > 100 then error('too many') end
until false
