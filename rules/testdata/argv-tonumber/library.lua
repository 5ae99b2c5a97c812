#!lua name=argvnum
redis.register_function('limit', function(keys, args)
  local max = args[1]
  if redis.call('LLEN', keys[1]) >= 0 and #keys > max then  -- want: argv-tonumber "'max' (args[1])"
    return 0
  end
  return args[2] + 1                                     -- want: argv-tonumber "args[2] is a string used in arithmetic"
end)
-- fixture: option report-coercion=true
