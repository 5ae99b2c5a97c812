# want-scripts: 6
import redis

r = redis.Redis()
ttl = 10

# An f-string: its fields are placeholders, and the script is built at run time.
r.eval(f"""
redis.call('HSET', KEYS[1], '{field}', ARGV[1])
local v = redis.call('GET', KEYS[1])
if v == nil then  -- want: nil-reply-check
  return {{}}
end
return v
""", 1, "k")  # want@-7: script-built-at-runtime

# % formatting.
TEMPLATE = """
redis.call('EXPIRE', KEYS[1], %d)
g = %(name)s  -- want: global-assignment
return 100 %% 7
"""
r.eval(TEMPLATE % {"name": 1}, 1, "k")  # want: script-built-at-runtime

# .format.
r.eval("redis.call('SET', KEYS[1], {0}) h = {}".format(ttl, 2), 1, "k")  # want: global-assignment, script-built-at-runtime

# Concatenation with a variable.
r.eval("redis.call('SET', KEYS[1], " + str(ttl) + ") k = 1", 1, "x")  # want: global-assignment, script-built-at-runtime

# A syntax error that only a placeholder makes.
r.eval(f"return {ttl} {ttl}", 0)  # want: syntax-error "run time", script-built-at-runtime

# A field naming a constant string of the file takes its text: no run-time part.
LIB = "mylib"
BODY = "redis.register_function('f', function(keys, args) return redis.call('GET', keys[1]) end)"
r.function_load(f"#!lua name={LIB}\n{BODY}\nm = 1")  # want: global-assignment
