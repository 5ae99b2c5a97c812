package goredis

import (
	"context"
	"fmt"
	"strings"

	"github.com/redis/go-redis/v9"

	"scripts"
)

// A multi-line raw string: findings land on the script's own lines.
// want +4 `undefined global 'tonumbr'.*did you mean 'tonumber'\? \[undefined-global\]`
var limiter = redis.NewScript(`
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('EXPIRE', KEYS[1], tonumbr(ARGV[1]))
end
return current
`)

// An interpreted string with escapes: the finding is mapped through them.
var setter = redis.NewScript("local v = ARGV[1]\n\tcount = 1\nreturn redis.call('SET', KEYS[1], v)") // want `global 'count'`

const getSrc = "return redis.call('GETT', KEYS[1])" // want `unknown command`

// A package-level variable set once from a constant.
var srcVar = "return redis.call('MGET', KEYS[1], KEYS[2])"

func calls(ctx context.Context, rdb *redis.Client, n int, user string) {
	limiter.Run(ctx, rdb, []string{"rate:1"}, 10)
	limiter.Run(ctx, rdb, nil, 10) // want `the script reads KEYS\[1\] but this call passes 0 keys: KEYS\[1\] is nil in the script; pass every key the script reads \[numkeys-mismatch\]`

	rdb.Eval(ctx, getSrc, []string{"k"})
	rdb.Eval(ctx, srcVar, []string{"a"}) // want `reads KEYS\[2\] but this call passes 1 key:`
	rdb.EvalRO(ctx, srcVar, []string{"a{x}", "b{x}"})

	keys := []string{"user:1", "user:2"} // want `keys "user:1" \(slot \d+\) and "user:2" \(slot \d+\) hash to different cluster slots.*\[cross-slot-keys\]`
	rdb.EvalSha(ctx, "deadbeef", keys)

	src := fmt.Sprintf("return tonumbr(redis.call('INCRBY', KEYS[1], %d))", n) // want `undefined global 'tonumbr'`
	rdb.Eval(ctx, src, []string{"c"})                                          // want `built at run time \(fmt.Sprintf\).*\[script-built-at-runtime\]`
	rdb.Eval(ctx, "return redis.call('GET', '"+user+"')", []string{})          // want `built at run time \(concatenation\)`

	// A script passed as it is made.
	redis.NewScript("return KEYS[3]").Run(ctx, rdb, []string{"{u}a", "{u}b"}) // want `reads KEYS\[3\] but this call passes 2 keys`

	// Optional keys: the script checks #KEYS.
	rdb.Eval(ctx, "if #KEYS > 1 then return KEYS[2] end return KEYS[1]", []string{"a"})

	// A constant declared in another file is mapped there.
	rdb.Eval(ctx, otherSrc, []string{"k"})

	// A constant from another package has no syntax here: the finding is
	// at the argument.
	rdb.Eval(ctx, scripts.Unknown, []string{"k"}) // want `unknown command 'NOPE'`

	rdb.ScriptLoad(ctx, "return os.time()")                                                                                           // want `sandbox`
	rdb.FunctionLoad(ctx, "#!lua name=lib\nredis.register_function('f', function(keys, args) return redis.call('GET', KEYS[1]) end)") // want `KEYS`
	rdb.FunctionLoadReplace(ctx, fmt.Sprintf("#!lua name=%s\n", user))
}

func unknown(ctx context.Context, rdb *redis.Client, src string, keys []string) {
	// Unknown sources and key lists are not checked.
	rdb.Eval(ctx, src, keys)
	redis.NewScript(src).Run(ctx, rdb, keys)
}

func builder(ctx context.Context, rdb *redis.Client, fields []string) {
	var b strings.Builder
	b.WriteString("return redis.call('HMGET', KEYS[1]")
	for _, f := range fields {
		b.WriteString(", '" + f + "'")
	}
	b.WriteString(")")
	rdb.Eval(ctx, b.String(), []string{"h"}) // want `built at run time \(strings.Builder\)`
}
