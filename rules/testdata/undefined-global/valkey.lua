-- fixture: redis-version=valkey-8.0
-- Valkey 8 has the server alias, its version fields and os.clock.
local a = server.call('GET', KEYS[1])
local b = redis.VALKEY_VERSION .. server.SERVER_NAME
local c = os.clock()
return {a, b, c}
