#!lua name=vkrf
-- fixture: redis-version=valkey-8.0
server.register_function('ok_name', function(keys, args) return 1 end)
server.register_function('bad.name', function(keys, args) return 1 end) -- want: invalid-register-function "Library names can only contain letters"
server.register_function('x', function() end, 'extra')                   -- want: invalid-register-function "wrong number of arguments to server.register_function"
