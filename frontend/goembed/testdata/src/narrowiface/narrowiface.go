// Package narrowiface talks to Redis through an interface of its own that
// lists the few go-redis methods it needs, so that tests can pass a fake.
package narrowiface

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Conn is satisfied by *redis.Client, *redis.ClusterClient and fakes.
type Conn interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *redis.Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *redis.Cmd
	ScriptLoad(ctx context.Context, script string) *redis.StringCmd
}

// Store has its own methods named like go-redis ones, but nothing of
// go-redis in their results: they are not script calls.
type Store interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) error
	ScriptLoad(ctx context.Context, script string) (string, error)
}

const incr = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
return n`

func use(ctx context.Context, c Conn, s Store) {
	c.ScriptLoad(ctx, incr)
	c.ScriptLoad(ctx, "return getn(KEYS)") // want `\[undefined-global\]`
	c.Eval(ctx, incr, []string{"counter"}, 1)
	c.Eval(ctx, incr, nil, 1)                  // want `the script reads KEYS\[1\] but this call passes 0 keys.*\[numkeys-mismatch\]`
	c.EvalSha(ctx, "0123", []string{"a", "b"}) // want `keys "a" \(slot \d+\) and "b"`

	_ = s.Eval(ctx, "return getn(KEYS)", nil)
	_, _ = s.ScriptLoad(ctx, "return getn(KEYS)")
}
