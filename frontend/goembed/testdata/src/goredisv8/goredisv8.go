package goredisv8

import (
	"context"

	"github.com/go-redis/redis/v8"
)

func calls(ctx context.Context, rdb *redis.Client) {
	rdb.Eval(ctx, "return tonumbr(ARGV[1])", nil) // want `undefined global 'tonumbr'`
	var sc redis.Scripter = rdb
	sc.Eval(ctx, "return redis.call('GET', KEYS[1])", []string{}) // want `numkeys-mismatch`
}
