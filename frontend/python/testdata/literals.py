# want-scripts: 9
import redis

r = redis.Redis()

# Single and double quotes, with escapes.
r.eval('local v = redis.call("GET", KEYS[1]) if v == nil then return 1 end', 1, "k")  # want: nil-reply-check
r.eval("x = 1\nreturn redis.call('GET', KEYS[1])", 1, "k")  # want: global-assignment

# Triple quotes: the finding is on the Lua line.
r.eval("""
local v = redis.call('GET', KEYS[1])
if v == nil then  -- want: nil-reply-check
  return 0
end
return v
""", 1, "k")

r.eval('''
redis.call('GET', 'user:' .. ARGV[1])  -- want: dynamic-key
''', 0)

# Raw strings keep their backslashes.
r.eval(r'''
redis.call('SET', KEYS[1], "a\tb")
y = 2  -- want: global-assignment
return 1
''', 1, "k")

# Bytes, unicode escapes, octal and hex escapes before the finding.
r.eval(b'-- \x41\101\n\tz = 3', 0)  # want: global-assignment
r.eval(u'-- \u00e9\N{BULLET}\U0001F600\nw = 4', 0)  # want: global-assignment

# A line continuation inside a string yields nothing.
r.eval("return redis.call('GET', \
KEYS[1]) .. q", 1, "k")  # want@+0: undefined-global

# Implicit concatenation across lines with comments between.
r.eval(
    "local v = redis.call('GET', KEYS[1]) "  # first part
    # a comment line
    'if v == nil then '  # want: nil-reply-check
    "return 1 end",
    1, "k",
)
