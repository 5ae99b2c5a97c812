#!lua name=wbv
-- Each callback starts with no write; validation comes first.
local function set(keys, args)
  if not tonumber(args[1]) then
    return redis.error_reply('not a number')
  end
  redis.call('SET', keys[1], args[1])
  return 1
end
local function check(keys, args)
  if redis.call('EXISTS', keys[1]) == 0 then
    return redis.error_reply('missing')
  end
  return 1
end
redis.register_function('set', set)
redis.register_function('check', check)
