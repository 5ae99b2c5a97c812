package redigoex

import "github.com/gomodule/redigo/redis"

// keyCount is the contract of every Do of the script.
// want +1 `the script reads KEYS\[2\] but NewScript declares keyCount 1.*\[numkeys-mismatch\]`
var transfer = redis.NewScript(1, `
local from = redis.call('DECRBY', KEYS[1], ARGV[1])
redis.call('INCRBY', KEYS[2], ARGV[1])
return from
`)

var ok = redis.NewScript(2, "return redis.call('MGET', KEYS[1], KEYS[2])")

// A negative keyCount means the caller passes the count: not checked.
var variable = redis.NewScript(-1, "return KEYS[5]")

func calls(c redis.Conn) {
	ok.Do(c, "{acct}:1", "{acct}:2")
	ok.Do(c, "acct:1", "acct:2", "value:3") // want `keys "acct:1" \(slot \d+\) and "acct:2"`
	variable.Do(c, 5, "a", "b", "c", "d", "e")
	transfer.Do(c, "a", "b")
}
