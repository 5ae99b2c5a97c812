# want-scripts: 3
import redis

r = redis.Redis()

# redis-lua-lint: ignore global-assignment
r.eval("x = 1 return redis.call('GET', KEYS[1])", 1, "k")

r.eval("""
local v = redis.call('GET', KEYS[1])
-- redis-lua-lint: ignore nil-reply-check
if v == nil then return 1 end
return v
""", 1, "k")

# redis-lua-lint: ignore numkeys-mismatch
r.eval("return redis.call('GET', KEYS[2])", 1, "a")
