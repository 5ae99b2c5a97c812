# want-scripts: 8
import redis

r = redis.Redis()
prefix = r.get("prefix")

# A template filled with constant strings is linted as sent: {condition},
# {key}, ... take the arguments' text, {{}} is a table. A finding in the
# template text lands in the template, one in an argument on its literal.
ZADD_TEMPLATE = """
    if {condition} redis.call('zscore', {key}, {member}) then
        redis.call('zadd', {key}, {score}, {member})
    end
    local v = redis.call('get', {key})
    if v == nil then  -- want: nil-reply-check
        return {{}}
    end
    {tail}
"""
KEY = "KEYS[1]"
ZADD_NOUPDATE = ZADD_TEMPLATE.format(
    key=KEY,
    score="ARGV[1]",
    member="ARGV[2]",
    condition="not",
    tail="g = 1",  # want: global-assignment
)
ZADD_ALWAYS = ZADD_TEMPLATE.format(
    key="KEYS[1]", score="ARGV[1]", member="ARGV[2]", condition="", tail="return 1"
)
zadd_noupdate = r.register_script(ZADD_NOUPDATE)
zadd_always = r.register_script(ZADD_ALWAYS)

# A template only spliced into another template's .format is a fragment,
# no script of its own: its names may be locals of the enclosing script.
_ON_SUCCESS = """
    redis.call('sadd', {add_to_set}, {set_value})
    h = 1  -- want: global-assignment
"""
_MAIN = """
    local add_to_set = KEYS[2]
    local members = redis.call('zrangebyscore', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 10)
    if #members > 0 then
        {on_success}
    end
    return members
"""
MOVE = _MAIN.format(on_success=_ON_SUCCESS.format(add_to_set="add_to_set", set_value="ARGV[2]"))
move = r.register_script(MOVE)

# Positional fields, automatic and numbered; !s and an empty spec are the
# text itself.
r.eval("return redis.call('get', {}) .. {!s:}".format("KEYS[1]", "ARGV[1]"), 1, "k")
r.eval("return redis.call('get', {0}) .. {1}".format(
    "KEYS[1]",
    "ARGV[1] .. x",  # want: undefined-global
), 1, "k")

# A field whose argument is not a constant stays a placeholder: the script
# is built at run time.
r.eval("return redis.call('get', {key}) .. {rest}".format(key="KEYS[1]", rest=prefix), 1, "k")  # want: script-built-at-runtime
# So does a field with a conversion or a spec, and one from **kwargs.
r.eval("return redis.call('get', KEYS[1]) .. {v!r}".format(v="x"), 1, "k")  # want: script-built-at-runtime
r.eval("return redis.call('get', {k}) .. {v}".format(k="KEYS[1]", **{"v": "1"}), 1, "k")  # want: script-built-at-runtime
