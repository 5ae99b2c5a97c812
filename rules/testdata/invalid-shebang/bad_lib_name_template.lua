#!lua name=%s
-- want@1: invalid-shebang "library name '%s' holds '%s', a printf-style format verb of host-language code: the file is a template"
-- redis: error "Library names can only contain letters, numbers, or underscores(_)"
-- A library kept as a format string in host code: one finding for the
-- template, none for the function names built from the same placeholder.
redis.register_function('%s_get', function(keys, args) return redis.call('GET', keys[1]) end)
redis.register_function{function_name = '%s_set', callback = function(keys, args) return redis.call('SET', keys[1], args[1]) end}
redis.register_function('{prefix}-del', function(keys, args) return redis.call('DEL', keys[1]) end)
