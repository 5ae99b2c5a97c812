package wrappers

import (
	"github.com/go-redsync/redsync/v4/redis"
	zero "github.com/zeromicro/go-zero/core/stores/redis"
)

// want-scripts: 2

// Other Redis packages' script objects, told apart by their arguments:
// redsync's NewScript(keyCount, src) and go-zero's NewScript(src).
var del = redis.NewScript(1, `
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
n = 0 -- want: global-assignment
return n`)

var limit = zero.NewScript(`return tonumbr(redis.call("INCR", KEYS[1]))`) // want: undefined-global
