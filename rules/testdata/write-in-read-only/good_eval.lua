#!lua flags=allow-oom
redis.call('SET', KEYS[1], ARGV[1])
redis.call('PUBLISH', 'ch', ARGV[1])
