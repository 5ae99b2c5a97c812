# want-scripts: 5
import textwrap

import redis

# A module constant passed by name.
RELEASE = """
local token = redis.call('get', KEYS[1])
if token == nil then  -- want: nil-reply-check
  return 0
end
return redis.call('del', KEYS[1])
"""


class Lock:
    # A class attribute, registered through cls.
    LUA_EXTEND = textwrap.dedent("""\
        local v = redis.call('get', KEYS[1])
        z = v  -- want: global-assignment
        return 1
    """)

    # Not passed anywhere, but it calls Redis.
    UNUSED = "return redis.call('GET', 'user:' .. ARGV[1])"  # want: dynamic-key

    # A plain string that merely mentions redis is no script.
    HELP = "uses redis.call to release the lock"

    def __init__(self, client):
        cls = self.__class__
        self.release_script = client.register_script(RELEASE)
        cls.extend_script = client.register_script(cls.LUA_EXTEND)

    def release(self):
        self.release_script(keys=[self.name], args=[self.token])


# A chain of a constant and literals with + across lines.
PREFIX = "local n = redis.call('INCR', KEYS[1]) "
CHAIN = (PREFIX +
         # between the parts
         "q = n "  # want: global-assignment
         + "return n")

r = redis.Redis()
r.eval(CHAIN, 1, "counter")

# Dedent maps to the characters in the file.
r.eval(textwrap.dedent('''
    local v = redis.call('GET', KEYS[1])
    if v == nil then  -- want: nil-reply-check
        return 1
    end
'''), 1, "k")
