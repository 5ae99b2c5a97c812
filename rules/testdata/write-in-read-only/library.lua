#!lua name=rolib
local function bump(k)
  return redis.call('INCR', k)                -- want: write-in-read-only "'bump' is called only from functions registered with the 'no-writes' flag"
end
local function shared(k)
  return redis.call('DEL', k)
end
redis.register_function{
  function_name = 'peek',
  callback = function(keys, args)
    redis.call('SPUBLISH', keys[1], 'x')      -- want: write-in-read-only "function 'peek' is registered with the 'no-writes' flag"
    shared(keys[1])
    local inner = function() return redis.call('SET', keys[1], 'v') end -- want: write-in-read-only
    inner()
    return bump(keys[1])
  end,
  flags = { 'NO-WRITES' },
}
redis.register_function('writer', function(keys, args)
  redis.call('SET', keys[1], args[1])
  return shared(keys[1])
end)
