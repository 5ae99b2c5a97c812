#!lua flags=no-writes
-- fixture: redis-version=6.2
-- want@1: invalid-shebang "need Redis 7.0+"
return redis.call('GET', KEYS[1])
