#!lua name=fr
local function avg(keys, args)
  local total = tonumber(redis.call('GET', keys[1])) or 0
  local n = tonumber(args[1])
  return total / n -- want: float-return
end
redis.register_function('avg', avg)
redis.register_function('avg2', function(keys, args)
  return math.floor(tonumber(args[1]) / 2)
end)
