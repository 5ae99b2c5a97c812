# want-scripts: 2
# An interpolation of literals and operators is the same on every run.
client.call("EVAL", "return redis.call('SET', KEYS[1], '#{'a' * 1000}')", 1, "foo")
client.call("EVAL", "return redis.call('SET', KEYS[1], '#{n * 2}')", 1, "foo")  # want: script-built-at-runtime
