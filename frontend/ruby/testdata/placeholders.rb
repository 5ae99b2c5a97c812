# want-scripts: 5
redis = Redis.new
ttl = compute_ttl

# Interpolation: a placeholder, and the script is built at run time.
redis.eval(<<~LUA, keys: ["k"])  # want: script-built-at-runtime
  redis.call('EXPIRE', KEYS[1], #{ttl})
  local v = redis.call('GET', KEYS[1])
  if v == nil then  -- want: nil-reply-check
    return 1
  end
  return v
LUA

# format and String#%.
redis.eval(format("redis.call('EXPIRE', KEYS[1], %d) u = %<x>s", ttl), keys: ["k"])  # want: global-assignment, script-built-at-runtime
redis.eval("return 100 %% 7 + %s" % [ttl], keys: [])  # want: script-built-at-runtime

# A syntax error that only a placeholder makes.
redis.eval("return #{ttl} #{ttl}", keys: [])  # want: syntax-error "run time", script-built-at-runtime

# Interpolating a constant string of the file is no run-time part.
KEYS_LINE = "local k = KEYS[1]"
lua = "#{KEYS_LINE}\nm = redis.call('GET', k)"  # want: global-assignment
