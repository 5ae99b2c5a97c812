-- A vararg function whose body uses "..." gets no arg table: arg is nil.
-- redis: error "attempt to index local 'arg' (a nil value)"
-- redis-args: x
local function f(...)
  local n = select('#', ...)
  return redis.call('GET', 'p:' .. arg[n])
end
return f(ARGV[1])
