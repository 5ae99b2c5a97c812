#!lua name=paramlibgood
-- Helpers whose parameters are converted at the call, or escape.
local function save(keys, n)
  if n > 10 then
    return 0
  end
  return redis.call('INCRBY', keys[1], n + 1)
end
local function double(n)
  return n * 2
end
local api = {double = double}
redis.register_function('save', function(keys, args)
  api.double(args[1])
  return save(keys, tonumber(args[2]) or 0)
end)
