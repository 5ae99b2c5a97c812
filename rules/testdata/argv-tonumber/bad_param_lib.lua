#!lua name=paramlib
-- A helper called only from registered callbacks with (keys, args): its
-- parameters are the callback's KEYS/ARGV tables.
local function save(keys, args)
  if args[2] > 10 then -- want: argv-tonumber "args[2]"
    return 0
  end
  return redis.call('INCRBY', keys[1], args[3] + 1) -- want: argv-tonumber "args[3]"
end
local function limit(n)
  return n * 2 -- want: argv-tonumber
end
redis.register_function('save', function(keys, args)
  limit(args[4])
  return save(keys, args)
end)
-- fixture: option report-coercion=true
