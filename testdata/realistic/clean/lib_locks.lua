#!lua name=locks
-- Distributed locks with owner tokens as a Functions library.
--
-- lk_acquire(keys={lock}, args={token, lease_ms}) -> 1 or 0
-- lk_release(keys={lock}, args={token}) -> 1 or 0
-- lk_extend(keys={lock}, args={token, lease_ms}) -> 1 or 0
-- lk_owner(keys={lock}) -> {token, remaining ms} or nil; read-only
--
-- realistic: fcall=lk_acquire keys=lock:{cron:billing} args=host-1:77,20000
-- realistic: fcall=lk_extend keys=lock:{cron:billing} args=host-1:77,30000
-- realistic: fcall_ro=lk_owner keys=lock:{cron:billing}
-- realistic: fcall=lk_release keys=lock:{cron:billing} args=host-1:77

local function lease_arg(args)
  local lease = tonumber(args[2])
  if not lease or lease <= 0 then
    return nil
  end
  return lease
end

local function owns(key, token)
  return redis.call('GET', key) == token
end

redis.register_function('lk_acquire', function(keys, args)
  local lease = lease_arg(args)
  if not lease then
    return redis.error_reply('ERR lease must be a positive number of milliseconds')
  end
  if redis.call('SET', keys[1], args[1], 'NX', 'PX', lease) then
    return 1
  end
  return 0
end)

redis.register_function('lk_release', function(keys, args)
  if not owns(keys[1], args[1]) then
    return 0
  end
  return redis.call('DEL', keys[1])
end)

redis.register_function('lk_extend', function(keys, args)
  local lease = lease_arg(args)
  if not lease then
    return redis.error_reply('ERR lease must be a positive number of milliseconds')
  end
  if not owns(keys[1], args[1]) then
    return 0
  end
  return redis.call('PEXPIRE', keys[1], lease)
end)

redis.register_function{
  function_name = 'lk_owner',
  callback = function(keys)
    local token = redis.call('GET', keys[1])
    if not token then
      return nil
    end
    return {token, redis.call('PTTL', keys[1])}
  end,
  flags = {'no-writes'},
}
