local r = redis.pcall() -- want: wrong-arity "returns the error"
local ok = pcall(redis.call)
redis.call(unpack(ARGV))
redis.call(...)
return {r, ok}
