-- redis: error "unexpected symbol near '@'"
-- A StackExchange.Redis LuaScript text: the client replaces @key and
-- @value with KEYS[1] and ARGV[1] before sending it.
return redis.call('SET', @key, @value) -- want: syntax-error "'@key' (StackExchange.Redis) is a parameter of a client library's script template"
