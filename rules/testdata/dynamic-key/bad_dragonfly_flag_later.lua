redis.call('SET', ARGV[1], 'x')                          -- want: dynamic-key[error] "key taken from ARGV[1]"
--!df flags=allow-undeclared-keys
-- Dragonfly reads the flags line only at the head of the script: this one is a comment.
redis.call('SET', ARGV[2], 'y')                          -- want: dynamic-key[error] "key taken from ARGV[2]"
--!df flags=allow-oom
