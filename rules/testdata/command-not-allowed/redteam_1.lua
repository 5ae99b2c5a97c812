redis.call('SUBSCRIBE', 'ch') -- want: command-not-allowed
redis.call('MULTI') -- want: command-not-allowed
redis.call('exec') -- want: command-not-allowed
redis.call('WATCH', KEYS[1]) -- want: command-not-allowed
redis.call('EVAL', 'return 1', 0) -- want: command-not-allowed
redis.call('EVALSHA', 'abc', 0) -- want: command-not-allowed
redis.call('FCALL', 'f', 0) -- want: command-not-allowed
redis.call('CLIENT', 'PAUSE', 10) -- want: command-not-allowed
redis.call('CLIENT', 'ID') -- want: command-not-allowed
redis.call('FUNCTION', 'LOAD', 'x') -- want: command-not-allowed
redis.call('SCRIPT', 'LOAD', 'x') -- want: command-not-allowed
redis.call('AUTH', 'x') -- want: command-not-allowed
redis.call('SAVE') -- want: command-not-allowed
redis.call('CONFIG', 'GET', 'x') -- want: command-not-allowed
redis.call('MONITOR') -- want: command-not-allowed
redis.call('HELLO') -- want: command-not-allowed
redis.call('WAIT', 1, 0)
redis.call('BLPOP', KEYS[1], 0)
redis.call('SELECT', 1)
redis.call('PUBLISH', 'ch', 'm')
redis.call('TIME')
redis.call('RANDOMKEY')
redis.call('FLUSHALL')
redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$')
local rc = redis.call
rc('psubscribe', 'p*') -- want: command-not-allowed
redis.call('SHUTDOWN') -- want: command-not-allowed
redis.call('DEBUG', 'SLEEP', 0) -- want: command-not-allowed
return 1
