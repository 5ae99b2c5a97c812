-- fixture: redis-version=valkey-8.0
local n = server.call("GET", KEYS[1])
local o = os.clock()
return n
