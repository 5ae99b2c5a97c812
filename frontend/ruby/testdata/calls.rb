# want-scripts: 10
redis = Redis.new

# numkeys-mismatch: keys passed as an array, or none at all.
redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", ["a"])  # want: numkeys-mismatch "eval passes 1 key"
redis.eval("return redis.call('GET', KEYS[1])")  # want: numkeys-mismatch "passes 0 keys"
redis.eval("return redis.call('GET', KEYS[1])", argv: [1])  # want: numkeys-mismatch "passes 0 keys"
redis.eval("return redis.call('GET', KEYS[2])", { keys: ["{a}1"] })  # want: numkeys-mismatch

# cross-slot-keys with two literal keys.
redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", keys: ["user:1", "order:7"])  # want: cross-slot-keys

# A %w[] array of keys.
redis.eval("return redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])", keys: %w[{k}1 {k}2])  # want: numkeys-mismatch "passes 2 keys"

redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", keys: %w[user:1 order:7])  # want: cross-slot-keys

# redis-client / Sidekiq: call("EVAL", script, numkeys, keys...).
conn.call("EVAL", "return redis.call('GET', KEYS[2])", 1, "a")  # want: numkeys-mismatch "call(\"EVAL\") passes 1 key"

# script(:load) and evalsha with the SHA.
@sha = conn.script(:load, "return redis.call('GET', KEYS[3])")
conn.evalsha(@sha, ["{x}1", "{x}2"], [])  # want: numkeys-mismatch "evalsha passes 2 keys"

# A library.
conn.call("FUNCTION", "LOAD", "REPLACE", "#!lua name=lib\nredis.register_function('f', function(keys, args) return redis.call('GET', keys[1]) end)")

# Kernel eval of Ruby code is no script.
binding.eval("1 + 1")
