package scripts

import (
	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
)

// want-scripts: 5

// A raw string: findings at their character in the Go file.
var incr = goredis.NewScript(`
local n = redis.call('INCR', KEYS[1])
count = n -- want: global-assignment
return n`)

// An interpreted string with escapes, concatenated over lines.
var get = goredis.NewScript("local v = redis.call('GET', KEYS[1])\n" +
	"if v == nil then return 0 end\n" + // want: nil-reply-check
	"return v")

// redigo's keyCount is the call site: the script reads KEYS[2].
var two = redis.NewScript(1, // want: numkeys-mismatch
	`return {KEYS[1], KEYS[2]}`)

// A constant whose text calls a Redis command is a script.
const lua = "x = redis.call('GET', KEYS[1]) return x" // want: global-assignment

// redis-lua-lint: ignore global-assignment
var quiet = goredis.NewScript(`y = 1 return y`)

func unused() string { return "redis.call is mentioned in prose" }
