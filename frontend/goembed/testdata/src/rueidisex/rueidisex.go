package rueidisex

import (
	"context"

	"github.com/redis/rueidis"
)

var (
	incr = rueidis.NewLuaScript("return redis.call('INCRBY', KEYS[1], ARGV[1])")
	get  = rueidis.NewLuaScriptReadOnly("return redis.call('GET', KEYS[1])")
	bad  = rueidis.NewLuaScriptNoSha("return redis.call('SET', KEYS[1])")                                // want `wrong-arity`
	pub  = rueidis.NewLuaScriptReadOnlyNoSha("#!lua flags=no-writes\nreturn redis.call('DEL', KEYS[1])") // want `write-in-read-only`
)

func calls(ctx context.Context, c rueidis.Client) {
	incr.Exec(ctx, c, []string{"n"}, []string{"1"})
	incr.Exec(ctx, c, []string{}, []string{"1"}) // want `reads KEYS\[1\] but this call passes 0 keys`
	get.Exec(ctx, c, []string{"a", "b"}, nil)    // want `cross-slot-keys`
	s := rueidis.NewLuaScript("return {KEYS[1], KEYS[2]}")
	s.Exec(ctx, c, []string{"{t}1"}, nil) // want `reads KEYS\[2\] but this call passes 1 key`
	bad.Exec(ctx, c, nil, nil)            // want `reads KEYS\[1\] but this call passes 0 keys`
	pub.Exec(ctx, c, nil, nil)            // want `numkeys-mismatch`
}
