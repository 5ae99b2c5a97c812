# want-scripts: 9
import redis
from redis import Script

r = redis.Redis()

# numkeys-mismatch: one key passed, two read.
r.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 1, "a", "b")  # want: numkeys-mismatch "eval passes 1 key"

# The count as a string, as redis-py sends it.
r.eval_ro("return redis.call('GET', KEYS[2])", "1", "a")  # want: numkeys-mismatch

# cross-slot-keys: two literal keys of different slots.
r.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, "user:1", "order:7")  # want: cross-slot-keys

# Same slot through a hash tag: fine.
r.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, "{u}:1", "{u}:2")

# register_script, then calls with a literal keys list.
incr = r.register_script("""
local a = redis.call('INCR', KEYS[1])
local b = redis.call('INCR', KEYS[2])
return a + b
""")
incr(keys=["x"], args=[1])  # want: numkeys-mismatch "passes 1 key"
incr(keys=["{t}a", "{t}b"])
incr(["p:1", "q:2"])  # want: cross-slot-keys

# script_load and evalsha with the SHA.
sha = r.script_load("return redis.call('GET', KEYS[2])")
r.evalsha(sha, 1, "a")  # want: numkeys-mismatch "evalsha passes 1 key"

# redis.Script(client, script) and aioredis keys=.
s = Script(r, "return redis.call('GET', KEYS[1])")
s(keys=[], client=r)  # want: numkeys-mismatch "passes 0 keys"


async def main(aior):
    await aior.eval("return redis.call('GET', KEYS[3])", keys=["{a}1", "{a}2"], args=[])  # want: numkeys-mismatch "passes 2 keys"


# A library: FUNCTION LOAD takes no keys.
r.function_load("""#!lua name=mylib
redis.register_function('get', function(keys, args) return redis.call('GET', keys[1]) end)
""")
