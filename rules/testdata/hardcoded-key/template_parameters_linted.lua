-- fixture: allow-parse-errors
-- A StackExchange.Redis LuaScript.Prepare template is linted as the client
-- sends it: each @name is an opaque value (no finding at it), and the
-- rest of the file gets its findings.
redis.call('SET', @key, @value)
return redis.call('GET', 'config') -- want: hardcoded-key
