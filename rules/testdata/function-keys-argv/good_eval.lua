-- KEYS and ARGV are fine in an EVAL script.
return redis.call('GET', KEYS[1]) .. ARGV[1]
