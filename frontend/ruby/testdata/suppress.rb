# want-scripts: 3
redis = Redis.new

# redis-lua-lint: ignore global-assignment
redis.eval("x = 1 return redis.call('GET', KEYS[1])", ["k"])

redis.eval(<<~LUA, ["k"])
  local v = redis.call('GET', KEYS[1])
  -- redis-lua-lint: ignore nil-reply-check
  if v == nil then return 1 end
  return v
LUA

# redis-lua-lint: ignore numkeys-mismatch
redis.eval("return redis.call('GET', KEYS[2])", ["a"])
