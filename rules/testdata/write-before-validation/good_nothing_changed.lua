#!lua name=nochange
-- An error answering a write that changed nothing leaves nothing behind.
redis.register_function('lrem', function(keys, args)
  if redis.call('LREM', keys[1], 1, args[1]) == 0 then
    return redis.error_reply('not found')
  end
  return 1
end)
redis.register_function('srem', function(keys, args)
  local removed = redis.call('SREM', keys[1], args[1])
  if removed == 0 then
    return redis.error_reply('not a member')
  end
  return removed
end)
redis.register_function('lock', function(keys, args)
  if not redis.call('SET', keys[1], args[1], 'NX', 'PX', 30000) then
    return redis.error_reply('locked')
  end
  return 1
end)
redis.register_function('claim', function(keys, args)
  local added = redis.call('ZADD', keys[1], 'NX', 0, args[1])
  if added ~= 1 then
    error('already claimed')
  end
  return added
end)
redis.register_function('pop', function(keys)
  local job = redis.call('RPOPLPUSH', keys[1], keys[2])
  if job then
    return job
  else
    return redis.error_reply('empty')
  end
end)
