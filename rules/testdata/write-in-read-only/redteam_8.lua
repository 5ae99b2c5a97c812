#!lua name=lib
local flags = {'no-writes'}
redis.register_function{function_name='ro', callback=function(keys) return redis.call('SET', keys[1], 'x') end, flags=flags} -- want: write-in-read-only
