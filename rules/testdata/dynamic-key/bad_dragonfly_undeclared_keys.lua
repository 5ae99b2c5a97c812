--!df flags=allow-undeclared-keys
-- redis: reply int:1
-- redis-args: dk:set m
-- Redis reads the flags line as a comment and runs the script.
-- The script says it touches keys it is not passed (Dragonfly reads the line
-- above): the keys it builds are reported at info.
redis.call('SADD', ARGV[1], ARGV[2])                     -- want: dynamic-key[info] "keys not passed in KEYS: its Dragonfly flags line"
redis.call('DEL', 'tag:' .. ARGV[2])                     -- want: dynamic-key[info] "key built from ARGV[2]"
return 1
