-- A format-string field ({name}, Python's str.format) next to Lua syntax.
return redis.call('GET', {prefix}:{id}) -- want: syntax-error "'{prefix}' is a format-string field of host-language code"
