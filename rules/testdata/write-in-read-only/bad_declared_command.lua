#!lua flags=no-writes
-- A command declared with the write flag is a write command.
-- fixture: config commands: [{name: JSON.SET, arity: -4, flags: [write], keys: 1}, {name: JSON.GET, arity: -2, flags: [readonly], keys: 1}]
local v = redis.call('JSON.GET', KEYS[1])
redis.call('JSON.SET', KEYS[2], '$', v)       -- want: write-in-read-only "'JSON.SET' is a write command"
-- Undeclared, a module command is not judged.
redis.call('JSON.DEL', KEYS[1])
return v
