#!lua name=lib
-- fixture: redis-version=valkey-8.0
server.log(server.LOG_WARNING, server.VALKEY_VERSION)
local sn = redis.SERVER_NAME
server.register_function('x', function() return server.call('PING') end)
