package analyzer

import (
	"slices"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// argvScreenCases are scripts that take ARGV through every construct the
// screen models (and a few it approximates): locals, upvalues, loops,
// helpers and their parameters, unpack, tostring, and/or, library
// callbacks.
var argvScreenCases = []string{
	`local limit = table.remove(ARGV, 1)
local t = ARGV
local last = table.remove(t)
return limit + 1, last * 2, table.remove(KEYS, 1) .. 'x'`,
	`local a = ARGV[1]
local b = a
local n = tonumber(b)
if b > 1 and n > 2 then return b + 1 end`,
	`local t = ARGV
local x = t[2] or 'd'
local y = (x)
local z = cond and y
return -z, z * 2, #t, t.n + 1`,
	`local first, second = unpack(ARGV)
local s = tostring(second)
local u = tostring(ARGV)
return first + 1, s - 1, u + 1, rawget(ARGV, 1) + 1`,
	`for i, v in ipairs(ARGV) do
  if v > 0 then redis.call('SET', KEYS[i], v + 1) end
end
for k, v in pairs(ARGV) do local w = k + v end
for m in string.gmatch(ARGV[1], '%d+') do local q = m + 1 end`,
	`local function add(x, y) return x + y end
local r = add(ARGV[1], 2)
local function id(v) return v end
return id(ARGV[2]) + r`,
	`local v
local function set() v = ARGV[1] end
set()
return v + 1`,
	`local acc = 0
for i = 1, #ARGV do acc = acc + ARGV[i] end
local s = ''
while s < 3 do s = s .. ARGV[1] end
return acc`,
	`local a, b, c = ARGV[1]
local d, e = redis.pcall('GET', KEYS[1])
local f, g = string.match(ARGV[1], '(%d+)-(%d+)')
return a + 1, b, c, d, e, f + g`,
	`local x = redis.call('GET', KEYS[1])
local y = cjson.decode(ARGV[1])
local z = y.count + x
local w = string.format('%d', ARGV[1]) + ARGV[2]:len()
return z, w, select('#', ARGV[1]) + 1`,
	"#!lua name=lib\n" + `local function inc(keys, args)
  local n = args[1]
  local m = keys[1]
  if n > 10 then return m + n end
  return redis.call('INCRBY', keys[1], n)
end
local function helper(args) return args[2] end
redis.register_function('inc', inc)
redis.register_function{function_name='h', callback=function(k, a) return helper(a) + 1 end}`,
	"#!lua name=lib\n" + `redis.register_function('f', function(keys) return ARGV[1] + keys[1] end)`,
	`-- no ARGV here
local n = tonumber(redis.call('GET', KEYS[1]))
local function f(p) return p + 1 end
return f(n) + n`,
	`local a = ARGV[1]
a = a .. 'x'
a = #a
return a + 1`,
}

// screenSources returns the sources the ARGV screen is checked on: the
// cases above, generated scripts (libraries given their shebang), the
// rule fixtures and the realistic corpus.
func screenSources(t *testing.T) map[string][]byte {
	t.Helper()
	srcs := map[string][]byte{}
	for i, s := range argvScreenCases {
		srcs["case"+strconv.Itoa(i)] = []byte(s)
	}
	return oracleSources(t, 77000, 400, srcs)
}

// TestArgvScreenOracle checks the ARGV screen against Of on every
// expression of many files: where Of gives an ARGV element,
// MayBeArgvElement must say it may be one, and HasArgvTable must be true
// wherever Of gives the ARGV table or an element. It also checks that the
// screen rules out most expressions, or it would save nothing.
func TestArgvScreenOracle(t *testing.T) {
	var elems, ruledOut, exprs, absentFiles, files int
	for name, src := range screenSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			continue
		}
		files++
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		o := Origins(p)
		has := o.HasArgvTable()
		if !has {
			absentFiles++
		}
		luaast.Inspect(f, func(n luaast.Node) bool {
			e, ok := n.(luaast.Expr)
			if !ok || n == nil {
				return n != nil
			}
			exprs++
			// The screen first, then Of: neither may depend on the other.
			may := o.MayBeArgvElement(e)
			got := o.Of(e)
			if got.Is(OriginArgvTable|OriginArgvElem) && !has {
				t.Errorf("%s: %q is %s but HasArgvTable is false", name, f.Src[e.Pos():e.End()], got)
			}
			if got.Is(OriginArgvElem) {
				elems++
				if !may {
					t.Errorf("%s: %q is %s but MayBeArgvElement is false", name, f.Src[e.Pos():e.End()], got)
				}
			} else if !may {
				ruledOut++
			}
			if again := o.MayBeArgvElement(e); again != may {
				t.Errorf("%s: %q: MayBeArgvElement changed from %v to %v after Of", name, f.Src[e.Pos():e.End()], may, again)
			}
			return true
		})
	}
	t.Logf("%d files (%d without ARGV), %d expressions: %d ARGV elements, %d ruled out by the screen", files, absentFiles, exprs, elems, ruledOut)
	if elems == 0 || absentFiles == 0 || ruledOut < (exprs-elems)/2 {
		t.Fatalf("the inputs do not exercise the screen: %d elements, %d files without ARGV, %d of %d ruled out", elems, absentFiles, ruledOut, exprs)
	}
}

// TestArgvScreenCases pins the screen's answers on small scripts: what it
// rules out and what it leaves to Of.
func TestArgvScreenCases(t *testing.T) {
	tests := []struct {
		src  string
		expr string // source text of the first expression asked about
		want bool
	}{
		{"local a = ARGV[1]\nreturn a + 1", "a + 1", false},
		{"local a = ARGV[1]\nreturn a + 1", "ARGV[1]", true},
		{"local a = ARGV[1]\nlocal b = a\nreturn b", "b", true},
		{"local a = tonumber(ARGV[1])\nreturn a", "a", false},
		{"local t = ARGV\nreturn t[1]", "t[1]", true},
		{"local t = ARGV\nreturn t.n", "t.n", false},
		{"local x = ARGV[1] .. 'k'\nreturn x", "x", false},
		{"local x = c and ARGV[1]\nreturn x", "x", true},
		{"local x = ARGV[1] and c\nreturn x", "x", false},
		{"local x = ARGV[1] or 1\nreturn x", "x", true},
		{"for _, v in ipairs(ARGV) do return v end", "v", true},
		{"for i, v in ipairs(ARGV) do return i end", "i", false},
		{"local a, b = unpack(ARGV)\nreturn b", "b", true},
		{"local a, b = ARGV[1]\nreturn b", "b", false},
		{"return tostring(ARGV[1])", "tostring(ARGV[1])", true},
		{"return tostring(ARGV)", "tostring(ARGV)", false},
		{"local function f(p) return p end\nreturn f(1), ARGV", "f(1)", true}, // a helper: left to Of
		{"local function f(p) return p end\nreturn f(1), ARGV", "p", true},    // a parameter: left to Of
		{"local x = KEYS[1]\nreturn x", "x", false},
		// Values flowing to locals declared earlier: more than one round.
		{"local a\nlocal b = ARGV[1]\na = b\nreturn a", "a", true},
		{"local a\nlocal b\nlocal c = ARGV[1]\na = b\nb = c\nreturn a", "a", true},            //nolint:dupword // Lua source: "b" ends a line and starts the next
		{"local a\nlocal b\nlocal c = tonumber(ARGV[1])\na = b\nb = c\nreturn a", "a", false}, //nolint:dupword // as above
		// No ARGV in the file: nothing may be an element.
		{"local function f(p) return p end\nreturn f(KEYS[1])", "p", false},
		{"#!lua name=l\nredis.register_function('f', function(k, a) return a[1] end)", "a[1]", true},
		{"#!lua name=l\nredis.register_function('f', function(k, a) return k[1] end)", "k[1]", false},
		{"#!lua name=l\nredis.register_function('f', function(k) return ARGV[1] end)", "ARGV[1]", false},
	}
	for _, tt := range tests {
		p := testPass(t, tt.src)
		e := findExpr(t, p, tt.expr)
		o := Origins(p)
		if got := o.MayBeArgvElement(e); got != tt.want {
			t.Errorf("%q: MayBeArgvElement(%s) = %v, want %v (Of: %s)", tt.src, tt.expr, got, tt.want, o.Of(e))
		}
	}
}

// findExpr returns the first expression (in tree order) whose source text
// is text.
func findExpr(t *testing.T, p *Pass, text string) luaast.Expr {
	t.Helper()
	var found luaast.Expr
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		if found != nil || n == nil {
			return false
		}
		if e, ok := n.(luaast.Expr); ok && string(p.File.Src[e.Pos():e.End()]) == text {
			found = e
			return false
		}
		return true
	})
	if found == nil {
		t.Fatalf("no expression %q in %q", text, p.File.Src)
	}
	return found
}

// argvByOf is Argv as it was before its shortcuts: every argument
// evaluated with Of.
func argvByOf(o *OriginInfo, rc *RedisCall) []redisfacts.Arg {
	argv := []redisfacts.Arg{{Text: rc.Name, Known: rc.NameKnown}}
	for _, a := range rc.Args {
		argv = append(argv, o.argOf(a))
	}
	return argv
}

// TestArgvFastPath checks Argv, which reads string literals and table
// elements without evaluating them, against argvByOf on every command
// call of many files.
func TestArgvFastPath(t *testing.T) {
	calls, lits, elems := 0, 0, 0
	for name, src := range screenSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			continue
		}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		o := Origins(p)
		for _, rc := range Calls(p).List {
			calls++
			for _, a := range rc.Args {
				switch a.(type) {
				case *luaast.StringLit:
					lits++
				case *luaast.IndexExpr:
					elems++
				}
			}
			if got, want := o.Argv(rc), argvByOf(o, rc); !slices.Equal(got, want) {
				t.Errorf("%s: call at %d: Argv = %v, by Of %v", name, rc.Call.Pos(), got, want)
			}
		}
	}
	if calls < 1000 || lits < 1000 || elems < 1000 {
		t.Fatalf("only %d calls, %d literal and %d element arguments", calls, lits, elems)
	}
}
