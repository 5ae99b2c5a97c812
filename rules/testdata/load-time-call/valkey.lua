#!lua name=vklib
-- fixture: redis-version=valkey-8.0
server.log(server.LOG_NOTICE, 'loading ' .. server.VALKEY_VERSION .. ' ' .. redis.SERVER_NAME)
local t = server.call('TIME')                 -- want: load-time-call "'server.call' runs while the library loads"
local c = os.clock()                          -- want: load-time-call "'os' does not exist while the library loads"
server.register_function('f', function(keys, args)
  return server.call('GET', keys[1]) .. t[1] .. c .. os.clock()
end)
