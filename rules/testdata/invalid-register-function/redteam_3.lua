#!lua name=lib
-- fixture: redis-version=valkey-8.0
server.register_function('a', function() return 1 end, 'x') -- want: invalid-register-function
server.register_function{function_name='b', callback=function() return 1 end}
