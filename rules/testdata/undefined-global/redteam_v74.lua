-- fixture: redis-version=7.4
local o = os.clock()
local n = server.call("GET", KEYS[1]) -- want: undefined-global "valkey"
return o
