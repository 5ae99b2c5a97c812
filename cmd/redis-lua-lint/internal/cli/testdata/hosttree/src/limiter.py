import redis

r = redis.Redis()

# A triple-quoted constant run by eval with its key count.
HIT = """
local n = redis.call('INCR', KEYS[1])
return tonumbr(n)
"""


def hit(key):
    return r.eval(HIT, 1, key)
