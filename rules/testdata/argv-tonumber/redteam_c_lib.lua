#!lua name=tn
redis.register_function('f', function(keys, args)
  local ttl = args[1]
  if ttl > 0 then -- want: argv-tonumber
    redis.call('EXPIRE', keys[1], ttl)
  end
  return args[2] + 0 -- want: argv-tonumber
end)
-- fixture: option report-coercion=true
