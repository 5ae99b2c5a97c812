#!lua name=claims
-- The claim's reply tested in other shapes: truthy with the error in the
-- else branch, compared with false, or inside an "and".
redis.register_function('lock', function(keys, args)
  local got
  if args[2] == 'short' then
    got = redis.call('SET', keys[1], args[1], 'NX', 'PX', 1000)
  else
    got = redis.call('SET', keys[1], args[1], 'NX', 'PX', 30000)
  end
  if got then
    redis.call('INCR', keys[2])
    return 1
  else
    return redis.error_reply('LOCKED')
  end
end)
redis.register_function('move', function(keys, args)
  local moved
  if args[1] == 'left' then
    moved = redis.call('LMOVE', keys[1], keys[2], 'LEFT', 'RIGHT')
  else
    moved = redis.call('LMOVE', keys[1], keys[2], 'RIGHT', 'LEFT')
  end
  if moved == false then
    error('empty')
  end
  return moved
end)
redis.register_function('drop', function(keys, args)
  local n
  if args[1] == 'all' then
    n = redis.call('DEL', keys[1])
  else
    n = redis.call('HDEL', keys[1], args[1])
  end
  if tonumber(args[2]) and n == 0 then
    return redis.error_reply('nothing to drop')
  end
  return n
end)
