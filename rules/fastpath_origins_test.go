package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// The origin rules skip evaluations that cannot change their answer; these
// tests compare each shortcut with the evaluation it skips.

// originSources are the rule fixtures, the realistic corpus and generated
// scripts.
func originSources(t *testing.T) map[string][]byte {
	t.Helper()
	return addGenerated(walkSources(t), "luagen-origins-", 51000, 300)
}

// addGenerated adds to srcs n generated scripts from seed seedBase on,
// named prefix and their number; those that register functions get a
// library shebang, as the benchmark corpus's do. It returns srcs.
func addGenerated(srcs map[string][]byte, prefix string, seedBase uint64, n int) map[string][]byte {
	for seed := range uint64(n) {
		src := luagen.Script(seed + seedBase)
		if strings.Contains(string(src), "redis.register_function") {
			src = append([]byte("#!lua name=lib"+strconv.FormatUint(seed, 10)+"\n"), src...)
		}
		srcs[prefix+strconv.FormatUint(seed, 10)] = src
	}
	return srcs
}

// eachExpr calls f with every expression of every source and the
// file's origin analysis.
func eachExpr(t *testing.T, f func(name string, e luaast.Expr, origins *analyzer.OriginInfo)) {
	t.Helper()
	for name, src := range originSources(t) {
		file, _ := luaast.Parse(name, src)
		if file == nil || file.Main == nil {
			continue
		}
		origins := analyzer.Origins(newTestPass(file))
		luaast.Inspect(file.Block, func(n luaast.Node) bool {
			if e, ok := n.(luaast.Expr); ok {
				f(name, e, origins)
			}
			return n != nil
		})
	}
}

// eachExprOrigin calls f with every expression of every source and its
// origin (Of).
func eachExprOrigin(t *testing.T, f func(name string, e luaast.Expr, o analyzer.Origin)) {
	t.Helper()
	eachExpr(t, func(name string, e luaast.Expr, origins *analyzer.OriginInfo) { f(name, e, origins.Of(e)) })
}

// checkSyntacticSkip checks a rule's syntactic shortcut against the
// origin query it spares: on every expression of the oracle sources, skip
// (named skipName) is never true of one whose origin matters, and it
// skips many expressions while many that matter are seen, so that the
// check is not vacuous.
func checkSyntacticSkip(t *testing.T, skipName string, skip func(luaast.Expr) bool, matters func(analyzer.Origin) bool, minMatter int) {
	t.Helper()
	skipped, mattered := 0, 0
	eachExprOrigin(t, func(name string, e luaast.Expr, o analyzer.Origin) {
		if matters(o) {
			mattered++
			if skip(e) {
				t.Errorf("%s: %T at %d is %s, but %s skips it", name, e, e.Pos(), o, skipName)
			}
		} else if skip(e) {
			skipped++
		}
	})
	if skipped < 1000 || mattered < minMatter {
		t.Fatalf("%s: only %d expressions skipped and %d that matter seen", skipName, skipped, mattered)
	}
}

// TestNeverRefusedArg checks invalid-argument's syntactic shortcut: an
// argument it skips is never only refused kinds, nor only a number.
func TestNeverRefusedArg(t *testing.T) {
	checkSyntacticSkip(t, "neverRefusedArg", neverRefusedArg, func(o analyzer.Origin) bool {
		return o.IsOnly(invalidArgKinds) || o.IsOnly(analyzer.OriginNumber)
	}, 100)
}

// TestNeverLiteralKey checks hardcoded-key's syntactic shortcut: a key it
// skips is never made of literals only.
func TestNeverLiteralKey(t *testing.T) {
	checkSyntacticSkip(t, "neverLiteralKey", neverLiteralKey, analyzer.Origin.IsLiteralOnly, 1000)
}

// TestFractionalBoundOnce checks what float-return's shortcut for locals
// bound once relies on: every value that ReachingDefs finds for a read of
// such a local is the expression BoundOnce gives, so when that one cannot
// be fractional, no reaching value can.
func TestFractionalBoundOnce(t *testing.T) {
	reads, withDefs := 0, 0
	for name, src := range originSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			continue
		}
		pass := newTestPass(f)
		info, origins := analyzer.Script(pass), analyzer.Origins(pass)
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			id, ok := n.(*luaast.Ident)
			if !ok || id.Var == nil {
				return n != nil
			}
			b := info.BoundOnce(id.Var)
			if b == nil {
				return true
			}
			reads++
			defs, _ := origins.ReachingDefs(id)
			for _, d := range defs {
				if d.Kind == analyzer.DefValue {
					withDefs++
					if d.Expr != b {
						t.Errorf("%s: read of %s at %d: reaching value at %d is not its bound value at %d",
							name, id.Name, id.Pos(), d.Expr.Pos(), b.Pos())
					}
				}
			}
			return true
		})
	}
	if reads < 1000 || withDefs < 1000 {
		t.Fatalf("only %d reads of locals bound once, %d reaching values", reads, withDefs)
	}
}

// TestRepeatMayEnd checks unbounded-loop's shortcut for repeat loops
// against the control flow graph: a loop it says may end has an exit for
// FlowInfo.LoopHasExit. The cases cover each kind of statement it looks
// at; the sources add the repeat loops of real and generated scripts.
func TestRepeatMayEnd(t *testing.T) {
	srcs := originSources(t)
	for i, s := range []string{
		"repeat local x = 1 until x",
		"repeat x = f() until false",
		"repeat until nil",
		"repeat until true",
		"repeat error('stop') until false",
		"repeat f() break until false",
		"repeat do return end until false",
		"repeat local function g() end function h() end return until false",
		"repeat if x then break end until false",
		"repeat while true do end until x",
		"repeat local ok = pcall(f) until ok",
	} {
		srcs["repeat-case-"+strconv.Itoa(i)] = []byte(s)
	}
	mayEnd, checked := 0, 0
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			continue
		}
		pass := newTestPass(f)
		flow := analyzer.Flow(pass)
		analyzer.Inspector(pass).Preorder(luaast.KindRepeatStmt, func(n luaast.Node) {
			st, ok := n.(*luaast.RepeatStmt)
			if !ok {
				return
			}
			checked++
			if !repeatMayEnd(st) {
				return
			}
			mayEnd++
			if !flow.LoopHasExit(st) {
				t.Errorf("%s: repeatMayEnd is true for the loop at %d, but LoopHasExit is false", name, st.Pos())
			}
		})
	}
	t.Logf("repeatMayEnd true for %d of %d repeat loops", mayEnd, checked)
	if mayEnd < 50 || mayEnd == checked {
		t.Fatalf("repeatMayEnd true for %d of %d repeat loops", mayEnd, checked)
	}
}
