#!lua name=lib
local function f(keys, args) return 1 end
redis.register_function('a', f, {'no-writes'}) -- want: invalid-register-function
redis.register_function('b') -- want: invalid-register-function
redis.register_function() -- want: invalid-register-function
redis.register_function('bad-name', f) -- want: invalid-register-function
redis.register_function('c', 'f') -- want: invalid-register-function
redis.register_function{function_name='d'} -- want: invalid-register-function
redis.register_function{callback=f} -- want: invalid-register-function
redis.register_function{function_name='e', callback=f, flags={'no-write'}} -- want: invalid-register-function
redis.register_function{function_name='g', callback=f, flags='no-writes'} -- want: invalid-register-function
redis.register_function{function_name='h', callback=f, flag={'no-writes'}} -- want: invalid-register-function
redis.register_function{function_name='i', callback=f, description={}} -- want: invalid-register-function
redis.register_function('j k', f) -- want: invalid-register-function
redis.register_function('', f) -- want: invalid-register-function
redis.register_function({'x'}, f) -- want: invalid-register-function
redis.register_function(1, f)
redis.register_function('f1', f)
redis.register_function('f1', f) -- want: invalid-register-function
redis.register_function{function_name='l', callback=f, flags={'allow-oom', 'NO-WRITES', 'allow-stale', 'no-cluster', 'allow-cross-slot-keys'}}
redis.register_function{FUNCTION_NAME='m', CALLBACK=f, Description='x'}
redis.register_function('n', function(keys, args) return 1 end)
redis.register_function{function_name='o', callback='f'} -- want: invalid-register-function
redis.register_function('p', nil) -- want: invalid-register-function
redis.register_function('F1', f) -- want: invalid-register-function
