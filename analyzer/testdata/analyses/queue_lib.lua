#!lua name=queue
local rcall = redis.call

local function push(keys, args)
  local queue = keys[1]
  local prefix = args[1]
  local n = 0
  for i = 2, #args do
    local id = rcall('INCR', prefix .. ':seq')
    rcall('HSET', prefix .. ':job:' .. id, 'data', args[i])
    rcall('RPUSH', queue, id)
    n = n + 1
  end
  return n
end

local function drain(keys, args)
  local out = {}
  while true do
    local id = rcall('LPOP', keys[1])
    if not id then break end
    out[#out + 1] = id
  end
  return out
end

local peek = function(keys, args)
  local ids = rcall('LRANGE', keys[1], 0, -1)
  for _, id in ipairs(ids) do
    rcall('GET', 'job:' .. id)
  end
  return ids
end

redis.register_function('push', push)
redis.register_function{function_name = 'drain', callback = drain}
redis.register_function{function_name = 'peek', callback = peek, flags = {'no-writes'}}
redis.register_function('stats', function(keys, args)
  local redis = {call = function() return 0 end}
  return redis.call('DBSIZE')
end)
