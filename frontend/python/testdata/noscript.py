# want-scripts: 0
import redis

HELP = "call redis.call from Lua"
r = redis.Redis()
r.set("k", "v")
print(eval("1 + 1"))
