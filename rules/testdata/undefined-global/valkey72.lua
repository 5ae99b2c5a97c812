-- fixture: redis-version=valkey-7.2
local a = server.call('GET', KEYS[1]) -- want: undefined-global "set redis-version: valkey-8.0"
local c = os.clock() -- want: undefined-global "os.clock"
return {a, c}
