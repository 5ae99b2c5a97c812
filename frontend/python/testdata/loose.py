# want-scripts: 5
# Rule 5: a literal whose text calls Redis and reads as Lua, given to
# some other call, as a keyword argument, in a list or dict, or returned.
limiter = SomeGem("return redis.call('INCR', KEYS[1]) + g1")  # want: undefined-global
other = SomeGem(name="x", lua="return redis.call('GET', KEYS[1]) + g2")  # want: undefined-global
SCRIPTS = [
    "return redis.call('DEL', KEYS[1]) + g3",  # want: undefined-global
]
TABLE = {"incr": "return redis.call('INCR', KEYS[1]) + g4"}  # want: undefined-global


def script():
    return "return redis.call('PING') + g5"  # want: undefined-global


# Not Lua, not calling Redis, or a later argument: no script.
log.error("calling redis.call('GET') failed")
print("return 1 + g6")
fmt("x", "return redis.call('GET', KEYS[1]) + g7")
d["return redis.call('GET', KEYS[1]) + g8"]
