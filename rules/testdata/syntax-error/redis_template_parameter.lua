-- redis: error "unexpected symbol near '@'"
-- A StackExchange.Redis LuaScript text: the client replaces @key and
-- @value with KEYS[1] and ARGV[1] before sending it. Redis rejects the
-- text as written, but it is a template, not a script: linted with each
-- @name an opaque value, it has no syntax error.
return redis.call('SET', @key, @value)
