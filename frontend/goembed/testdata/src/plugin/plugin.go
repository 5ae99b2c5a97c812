// Package plugin is checked through the golangci-lint plugin with
// redis-version 7.2 and hardcoded-key disabled.
package plugin

import (
	"context"

	"github.com/redis/go-redis/v9"
)

func calls(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, "return redis.call('GET', 'config')", nil)
	rdb.Eval(ctx, "return os.clock()", nil)     // want `os.*\[(sandbox-violation|undefined-global)\]`
	rdb.Eval(ctx, "return KEYS[1]", []string{}) // want `numkeys-mismatch`
}
