package commands

import (
	"context"
	"testing"

	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
	"github.com/redis/rueidis"
)

// want-scripts: 7

const get = `return redis.call('GET', KEYS[1])`

func redigo(c redis.Conn, key string) {
	c.Do("EVAL", "return tonumbr(KEYS[1])", 1, key) // want: undefined-global
	c.Do("EVAL", get, 0)                            // want: numkeys-mismatch "reads KEYS[1] but EVAL passes 0 keys"
	_ = c.Send("eval_ro", "return KEYS[2]", 1, key) // want: numkeys-mismatch "EVAL_RO passes 1 key"
	c.Do("EVALSHA", "0123456789abcdef0123456789abcdef01234567", 1, key)
}

func goRedis(ctx context.Context, rdb *goredis.Client) {
	src := `return {KEYS[1], KEYS[2]}`
	rdb.Do(ctx, "eval", src, 2, "{a}1", "{a}2")
	rdb.Do(ctx, "eval", src, 2, "a", "b") // want@+0: cross-slot-keys
	rdb.CommandGetKeys(ctx, "EVAL", "not consulted", "3", "k1", "k2", "k3")
	rdb.Do(ctx, "SET", "EVAL", "x")
}

func mustDo(t *testing.T, c redis.Conn, args ...interface{}) {}

func TestHelpers(t *testing.T, c redis.Conn) {
	mustDo(t, c, "SCRIPT", "LOAD", "return tonumbr(1)") // want: undefined-global
	mustDo(t, c, "FUNCTION", "LOAD", "REPLACE", "#!lua name=l\nredis.register_function('f', function() return 1 end)")
	mustDo(t, c, "SCRIPT", "FLUSH")
}

func builder(ctx context.Context, client rueidis.Client) {
	client.Do(ctx, client.B().Eval().Script("return KEYS[3]").Numkeys(2).Key("{k}1", "{k}2").Build()) // want: numkeys-mismatch "passes 2 keys"
}
