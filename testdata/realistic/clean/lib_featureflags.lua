#!lua name=featureflags
-- Feature flags with percentage rollouts. A flag is a hash {enabled,
-- percent} and a set of users always let in; the client passes the user's bucket (0..99, a stable
-- hash of the user id) so that the function stays deterministic.
--
-- ff_set(keys={flag}, args={enabled 0/1, percent}) -> "OK"
-- ff_enabled(keys={flag, allow set}, args={user_id, bucket}) -> 1 or 0; read-only
--
-- realistic: fcall=ff_set keys=ff:{flags}:new-checkout args=1,25
-- realistic: fcall_ro=ff_enabled keys=ff:{flags}:new-checkout,ff:{flags}:new-checkout:allow args=user-42,17

local function set_flag(keys, args)
  local enabled = tonumber(args[1])
  local percent = tonumber(args[2])
  if enabled ~= 0 and enabled ~= 1 then
    return redis.error_reply('ERR enabled must be 0 or 1')
  end
  if not percent or percent < 0 or percent > 100 then
    return redis.error_reply('ERR percent must be between 0 and 100')
  end
  redis.call('HSET', keys[1], 'enabled', enabled, 'percent', percent)
  return redis.status_reply('OK')
end

local function is_enabled(keys, args)
  local user, bucket = args[1], tonumber(args[2])
  if not bucket then
    return redis.error_reply('ERR bucket must be a number')
  end
  local flag = redis.call('HMGET', keys[1], 'enabled', 'percent')
  if flag[1] ~= '1' then
    return 0
  end
  if user and redis.call('SISMEMBER', keys[2], user) == 1 then
    return 1
  end
  if bucket < (tonumber(flag[2]) or 0) then
    return 1
  end
  return 0
end

redis.register_function{
  function_name = 'ff_set',
  callback = set_flag,
  description = 'enable or disable a flag and set its rollout percentage',
}
redis.register_function{
  function_name = 'ff_enabled',
  callback = is_enabled,
  flags = {'no-writes'},
  description = 'whether a flag is on for a user',
}
