// Package redigoold uses redigo under its old import path, as modules that
// never migrated to github.com/gomodule still do.
package redigoold

import "github.com/garyburd/redigo/redis"

// The lock is released only by the holder of its token.
var unlock = redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// want +1 `the script reads KEYS\[1\] but NewScript declares keyCount 0.*\[numkeys-mismatch\]`
var peek = redis.NewScript(0, `return redis.call("get", KEYS[1])`)

func release(c redis.Conn, key, token string) {
	_, _ = unlock.Do(c, key, token)
	_, _ = peek.Do(c)
	_, _ = unlock.Do(c, "lock:a", "lock:b") // keys beyond keyCount are arguments: no cross-slot finding
}
