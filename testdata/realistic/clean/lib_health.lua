#!lua name=health
-- Health and maintenance functions. hc_ping may run on a stale replica
-- and never writes; hc_mark records a heartbeat; hc_check aborts from a
-- helper with a structured error ({err = ...}) before anything is written.
--
-- hc_ping() -> "PONG <version>"
-- hc_mark(keys={heartbeat hash}, args={instance, now}) -> 1
-- hc_check(keys={heartbeat hash}, args={instance, now, max_age}) -> age
-- hc_echo(args={text}) -> text; refuses to run in a cluster (no-cluster)
--
-- realistic: fcall_ro=hc_ping
-- realistic: fcall=hc_mark keys=hb:{fleet} args=api-1,1700000000
-- realistic: fcall_ro=hc_check keys=hb:{fleet} args=api-1,1700000010,60
-- realistic: fcall_ro=hc_echo args=hello

local function number_arg(args, i, what)
  local n = tonumber(args[i])
  if not n then
    error({err = 'ERR ' .. what .. ' must be a number'})
  end
  return n
end

redis.register_function{
  function_name = 'hc_ping',
  callback = function()
    return 'PONG ' .. redis.REDIS_VERSION
  end,
  flags = {'no-writes', 'allow-stale'},
}

redis.register_function('hc_mark', function(keys, args)
  local now = number_arg(args, 2, 'now')
  return redis.call('HSET', keys[1], args[1], now)
end)

redis.register_function{
  function_name = 'hc_check',
  callback = function(keys, args)
    local now = number_arg(args, 2, 'now')
    local max_age = number_arg(args, 3, 'max age')
    local seen = tonumber(redis.call('HGET', keys[1], args[1]))
    if not seen then
      return redis.error_reply('NOHEARTBEAT ' .. args[1])
    end
    local age = now - seen
    if age > max_age then
      return redis.error_reply('STALE ' .. args[1] .. ' last seen ' .. age .. 's ago')
    end
    return age
  end,
  flags = {'no-writes'},
}

redis.register_function{
  function_name = 'hc_echo',
  callback = function(_, args)
    return args[1]
  end,
  flags = {'no-writes', 'no-cluster'},
  description = 'echo for connectivity tests',
}
