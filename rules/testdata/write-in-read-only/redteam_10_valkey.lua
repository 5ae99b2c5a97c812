#!lua flags=no-writes
-- fixture: redis-version=valkey-8.0
local ok = pcall(redis.call, "SET", KEYS[1], "v") -- want: write-in-read-only
server.call("DEL", KEYS[1]) -- want: write-in-read-only
local sc = server.pcall
sc("INCR", KEYS[1]) -- want: write-in-read-only
return ok
