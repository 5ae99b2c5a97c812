#!lua name=sessions
-- Session store as a Functions library: a session is a hash with an idle
-- timeout; a per-user set indexes the sessions so that "log out
-- everywhere" works.
--
-- sess_create(keys={session, user index}, args={user, data_json, ttl_s}) -> 1
-- sess_get(keys={session}, args={}) -> {user, data} or nil; read-only
-- sess_touch(keys={session}, args={ttl_s}) -> 1 or 0
-- sess_destroy(keys={session, user index}) -> 1 or 0
--
-- realistic: fcall=sess_create keys=sess:{u:42}:s1,sess:{u:42}:index args=42,{"theme":"dark"},1800
-- realistic: fcall_ro=sess_get keys=sess:{u:42}:s1
-- realistic: fcall=sess_touch keys=sess:{u:42}:s1 args=1800
-- realistic: fcall=sess_destroy keys=sess:{u:42}:s1,sess:{u:42}:index

local function ttl_arg(value)
  local ttl = tonumber(value)
  if not ttl or ttl <= 0 or ttl > 2592000 then
    return nil
  end
  return ttl
end

redis.register_function('sess_create', function(keys, args)
  local session_key, index_key = keys[1], keys[2]
  local ttl = ttl_arg(args[3])
  if not ttl then
    return redis.error_reply('ERR ttl must be between 1 second and 30 days')
  end
  if not pcall(cjson.decode, args[2]) then
    return redis.error_reply('ERR session data is not valid JSON')
  end
  redis.call('HSET', session_key, 'user', args[1], 'data', args[2])
  redis.call('EXPIRE', session_key, ttl)
  redis.call('SADD', index_key, session_key)
  return 1
end)

redis.register_function{
  function_name = 'sess_get',
  callback = function(keys)
    local s = redis.call('HMGET', keys[1], 'user', 'data')
    if not s[1] then
      return nil
    end
    return s
  end,
  flags = {'no-writes'},
}

redis.register_function('sess_touch', function(keys, args)
  local ttl = ttl_arg(args[1])
  if not ttl then
    return redis.error_reply('ERR ttl must be between 1 second and 30 days')
  end
  return redis.call('EXPIRE', keys[1], ttl, 'XX')
end)

redis.register_function('sess_destroy', function(keys)
  local session_key, index_key = keys[1], keys[2]
  redis.call('SREM', index_key, session_key)
  return redis.call('DEL', session_key)
end)
