package app

import "github.com/redis/go-redis/v9"

// An interpreted string with escapes.
var get = redis.NewScript("local v = redis.call('GET', KEYS[1])\nreturn tonumbr(v)")
