-- redis: error "boom"
-- redis-keys: wbv:persist
-- redis-args: 1
-- state-after: GET wbv:persist => bulk:"1"
redis.call('SET', KEYS[1], ARGV[1])
error('boom')                                            -- want: write-before-validation "'SET' on line 5 stays"
