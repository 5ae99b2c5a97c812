-- A template that does not parse with its parameters replaced either: the
-- error is reported where Redis sees it first, with the template hint.
return redis.call('SET', @key, @value) -- want: syntax-error "'@key' (StackExchange.Redis) is a parameter of a client library's script template"
local = 1
