package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// resultOf returns the result of the shared analysis a as a T. A result of
// another type is a bug in this package (an analysis's Run and its accessor
// disagree), not bad input, so it panics naming the analysis.
func resultOf[T any](pass *analyzer.Pass, a *analyzer.Analysis) T {
	r := pass.ResultOf(a)
	v, ok := r.(T)
	if !ok {
		panic(fmt.Sprintf("rules: analysis %s returned %T, want %T", a.Name, r, v))
	}
	return v
}
