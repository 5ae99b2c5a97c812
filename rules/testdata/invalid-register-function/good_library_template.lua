#!lua name={lib}
-- The library name is a host placeholder (invalid-shebang reports the
-- template once): function names built from placeholders are part of it.
redis.register_function('{lib}_get', function(keys, args) return redis.call('GET', keys[1]) end)
redis.register_function{function_name = '%s_set', callback = function(keys, args) return redis.call('SET', keys[1], args[1]) end}
redis.register_function('${prefix}_del', function(keys, args) return redis.call('DEL', keys[1]) end)
