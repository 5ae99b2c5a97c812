package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestParamOrigins checks parameter origins taken from call sites: each
// source's first return statement (marked "-- probe") returns the
// parameter under test.
func TestParamOrigins(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"one call", `local function touch(n)
  return n -- probe
end
touch(ARGV[1])`, "argv-elem"},
		{"local f = function", `local touch = function(n)
  return n -- probe
end
touch(KEYS[1])`, "keys-elem"},
		{"union of calls", `local function touch(n)
  return n -- probe
end
touch(ARGV[1])
touch(KEYS[1])`, "keys-elem|argv-elem"},
		{"missing argument is nil", `local function touch(a, n)
  return n -- probe
end
touch(KEYS[1])`, "nil"},
		{"vararg last argument", `local function touch(a, n)
  return n -- probe
end
touch(...)`, "unknown"},
		{"multi-value last argument covers later positions", `local function touch(a, n)
  return n -- probe
end
touch(string.find(ARGV[1], 'x'))`, "unknown"},
		{"passed on through another helper", `local function inner(n)
  return n -- probe
end
local function outer(m)
  inner(m)
end
outer(ARGV[2])`, "argv-elem"},
		{"recursion joins", `local function count(n)
  if n > 0 then count(n - 1) end
  return n -- probe
end
count(tonumber(ARGV[1]))`, "arith|converted(parts=argv-elem|number|arith|converted)"},
		{"escapes as a value", `local function touch(n)
  return n -- probe
end
touch(ARGV[1])
return touch`, "param"},
		{"stored in a table", `local function touch(n)
  return n -- probe
end
local t = {touch}
touch(ARGV[1])`, "param"},
		{"passed to pcall", `local function touch(n)
  return n -- probe
end
pcall(touch, ARGV[1])`, "param"},
		{"never called", `local function touch(n)
  return n -- probe
end`, "param"},
		{"reassigned local", `local touch = function(n)
  return n -- probe
end
touch = nil
touch(ARGV[1])`, "param"},
		{"forward declared", `local touch;
touch = function(n)
  return n -- probe
end
touch(ARGV[3])`, "argv-elem"},
		{"library helper gets callback tables", `#!lua name=lib
local function save(keys, args)
  return args -- probe
end
redis.register_function('f', function(keys, args)
  return save(keys, args)
end)`, "argv-table"},
		{"registered callback keeps KEYS/ARGV", `#!lua name=lib
local function cb(keys, args)
  return args -- probe
end
redis.register_function('f', cb)
cb({}, {})`, "argv-table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			ret := findNode[*luaast.ReturnStmt](t, p, "return ") // the first return: the probe
			if got := Origins(p).Of(ret.Exprs[0]).String(); got != tt.want {
				t.Errorf("origin = %s, want %s", got, tt.want)
			}
		})
	}
}

// TestParamArgs checks the call-site arguments ParamArgs returns.
func TestParamArgs(t *testing.T) {
	src := `local function f(a, b)
  return a, b
end
f(KEYS[1], ARGV[1])
f(KEYS[2])
local function g(x)
  return x
end
local t = {g}
g(ARGV[2])
`
	p := testPass(t, src)
	o := Origins(p)
	fns := Script(p).Functions()
	a, b := fns[1].Params[0].Var, fns[1].Params[1].Var
	args, ok := o.ParamArgs(a)
	if !ok || len(args) != 2 || string(p.File.Src[args[1].Pos():args[1].End()]) != "KEYS[2]" {
		t.Errorf("ParamArgs(a) = %v, %v; want KEYS[1], KEYS[2]", args, ok)
	}
	if _, ok := o.ParamArgs(b); ok {
		t.Errorf("ParamArgs(b): one call leaves it out, want false")
	}
	if _, ok := o.ParamArgs(fns[2].Params[0].Var); ok {
		t.Errorf("ParamArgs(x): g escapes into a table, want false")
	}
}
