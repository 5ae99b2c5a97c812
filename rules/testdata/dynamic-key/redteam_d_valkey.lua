-- fixture: redis-version=valkey-8.0
local call = server.call
call('GET', 'x:' .. ARGV[1]) -- want: dynamic-key
server.pcall('GET', ARGV[2]) -- want: dynamic-key
server.call('GET', KEYS[1])
