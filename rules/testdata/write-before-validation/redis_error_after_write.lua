-- redis: error "boom"
-- redis-keys: wbv:persist
-- redis-args: 1
-- rules/atomicity_redis_test.go checks that the SET stays.
redis.call('SET', KEYS[1], ARGV[1])
error('boom')                                            -- want: write-before-validation "'SET' on line 5 stays"
