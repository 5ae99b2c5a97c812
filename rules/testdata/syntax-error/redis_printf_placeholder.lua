-- redis: error "unexpected symbol near '%'"
-- A script kept as a printf format in host code: the verb is filled in
-- before Redis sees the script, so the file as stored does not compile.
local key = %s -- want: syntax-error "'%s' is a printf-style format verb of host-language code, filled in before Redis sees the script: the text is a template"
return redis.call('GET', key)
