-- redis: error "unexpected symbol near"
-- The file starts with a UTF-8 byte order mark: Redis does not skip it
-- (EVAL fails to compile), unless the loader strips it first. One warning,
-- and the rest of the file is linted as if the mark were blank.
return redis.call('GET', KEYS[1]) -- want@1: syntax-error[warning] "byte order mark"
