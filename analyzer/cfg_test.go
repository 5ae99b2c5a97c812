package analyzer

import (
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// stmtText returns the first line of a statement's source.
func stmtText(src []byte, s luaast.Node) string {
	text := string(src[s.Pos():s.End()])
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return text
}

func TestUnreachable(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"none", "local x = 1\nif x then return 1 end\nreturn 2\n", nil},
		{"after error", "local x = 1\nerror('boom')\nx = 2\nx = 3\n", []string{"x = 2"}},
		{"after error alias", "local fail = error\nfail('boom')\nlocal y = 1\n", []string{"local y = 1"}},
		{"after assert false", "assert(false, 'no')\nlocal y = 1\n", []string{"local y = 1"}},
		{"assert with condition is fine", "assert(ARGV[1], 'no')\nlocal y = 1\n", nil},
		{"after do return end", "do return 1 end\nlocal y = 1\n", []string{"local y = 1"}},
		{"after infinite while", "while true do redis.call('GET', 'a') end\nlocal y = 1\n", []string{"local y = 1"}},
		{"after while with break", "while true do if x then break end end\nlocal y = 1\n", nil},
		{"after infinite repeat", "repeat local a = 1 until false\nlocal y = 1\n", []string{"local y = 1"}},
		{"repeat with condition", "repeat local a = 1 until a\nlocal y = 1\n", nil},
		{"after if all branches exit", "if x then return 1 elseif y then error('e') else return 3 end\nlocal z = 1\n", []string{"local z = 1"}},
		{"if without else", "if x then return 1 end\nlocal z = 1\n", nil},
		{"in nested function", "local function f()\n  error('x')\n  return 1\nend\nreturn f\n", []string{"return 1"}},
		{"in loop body", "for i = 1, 3 do\n  error('x')\n  local a = i\nend\nreturn 1\n", []string{"local a = i"}},
		{"shadowed error is a normal call", "local function error() end\nerror('x')\nlocal y = 1\n", nil},
		{"return inside nested function does not end outer", "local f = function() return 1 end\nlocal y = 1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			var got []string
			for _, s := range Flow(p).Unreachable() {
				got = append(got, stmtText(p.File.Src, s))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Unreachable = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLoopHasExit(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"while true do local a = 1 end", false},
		{"while 1 do local a = 1 end", false},
		{"while true do if x then break end end", true},
		{"while true do if x then return end end", true},
		{"while true do if x then error('stop') end end", true},
		{"while true do for i = 1, 2 do break end end", false},
		{"while true do local f = function() return 1 end end", false},
		{"while x do local a = 1 end", true},
		{"repeat local a = 1 until false", false},
		{"repeat local a = 1 until nil", false},
		{"repeat local a = 1 until a", true},
		{"repeat if x then break end until false", true},
		{"for i = 1, 10 do end", true},
		{"for k, v in pairs(t) do end", true},
		{"while true do error('x') break end", true},
		{"while true do while true do break end end", false},
		{"while true do do return end end", true},
		{"while true do if false then break end end", false},
		{"repeat if nil then return end until false", false},
		{"while true do if false then break elseif x then break end end", true},
		{"while true do if false then local a = 1 else break end end", true},
	}
	for _, tt := range tests {
		p := testPass(t, tt.src+"\n")
		loop := p.File.Block.Stmts[0]
		if got := LoopHasExit(loop); got != tt.want {
			t.Errorf("LoopHasExit(%s) = %v, want %v", tt.src, got, tt.want)
		}
		if got := Flow(p).LoopHasExit(loop); got != tt.want {
			t.Errorf("FlowInfo.LoopHasExit(%s) = %v, want %v", tt.src, got, tt.want)
		}
	}
	// A local alias of error is recognised by the FlowInfo method only.
	p := testPass(t, "local fail = error\nwhile true do fail('x') end\n")
	loop := p.File.Block.Stmts[1]
	if !Flow(p).LoopHasExit(loop) {
		t.Errorf("FlowInfo.LoopHasExit with error alias = false")
	}
}

// writesBefore lists the command names of WritesBefore(n), checking that
// WritesBeforeSeq yields the same, and can stop after the first.
func writesBefore(t *testing.T, p *Pass, n luaast.Node) string {
	t.Helper()
	var names []string
	list := Flow(p).WritesBefore(n)
	for _, w := range list {
		names = append(names, w.Name+"@"+stmtText(p.File.Src, w.Call.Args[1]))
	}
	if seq := slices.Collect(Flow(p).WritesBeforeSeq(n)); !slices.Equal(seq, list) {
		t.Errorf("WritesBeforeSeq yields %d writes, WritesBefore lists %d", len(seq), len(list))
	}
	for w := range Flow(p).WritesBeforeSeq(n) {
		if w != list[0] {
			t.Errorf("WritesBeforeSeq starts with %s, WritesBefore with %s", w.Name, list[0].Name)
		}
		break
	}
	return strings.Join(names, ",")
}

func TestWritesBefore(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		target string // prefix of the call or statement asked about
		want   string // NAME@firstarg,...
	}{
		{"straight line", "redis.call('SET', KEYS[1], 'a')\nerror('x')\n", "error(", "SET@KEYS[1]"},
		{"reads are not writes", "redis.call('GET', KEYS[1])\nerror('x')\n", "error(", ""},
		{"before the write", "if not ARGV[1] then error('x') end\nredis.call('SET', KEYS[1], 'a')\n", "error(", ""},
		{"same statement excluded", "redis.call('SET', KEYS[1], tonumber(ARGV[1]))\n", "tonumber(", ""},
		{"branch", "if x then redis.call('SET', KEYS[1], 'a') else redis.call('DEL', KEYS[2]) end\nreturn redis.error_reply('e')\n", "return redis", "SET@KEYS[1],DEL@KEYS[2]"},
		{"other branch not before", "if x then redis.call('SET', KEYS[1], 'a') else error('e') end\n", "error(", ""},
		{"write in condition", "if redis.call('DEL', KEYS[1]) == 0 then return redis.error_reply('none') end\n", "return redis", "DEL@KEYS[1]"},
		{"loop back edge", "for i = 1, 3 do\n  local n = tonumber(ARGV[i])\n  redis.call('SET', KEYS[i], n)\nend\n", "tonumber(", "SET@KEYS[i]"},
		{"after loop", "for i = 1, 3 do redis.call('SET', KEYS[i], 1) end\nlocal n = tonumber(ARGV[1])\n", "tonumber(", "SET@KEYS[i]"},
		{"while condition", "while redis.call('LPOP', KEYS[1]) do end\nerror('x')\n", "error(", "LPOP@KEYS[1]"},
		{"repeat body", "repeat\n  redis.call('RPUSH', KEYS[1], 'x')\nuntil tonumber(ARGV[1])\n", "tonumber(", "RPUSH@KEYS[1]"},
		{"local function call", "local function save(k) redis.call('SET', k, 1) end\nsave(KEYS[1])\nerror('x')\n", "error(", "SET@k"},
		{"local function not called", "local function save(k) redis.call('SET', k, 1) end\nerror('x')\n", "error(", ""},
		{"transitive", "local function a(k) redis.call('INCR', k) end\nlocal function b(k) a(k) end\nb(KEYS[1])\nerror('x')\n", "error(", "INCR@k"},
		{"recursive", "local function a(k) if k then a(nil) end redis.call('INCR', k) end\na(KEYS[1])\nerror('x')\n", "error(", "INCR@k"},
		{"forward-declared function", "local save\nlocal function run() save(KEYS[1]) end\nfunction save(k) redis.call('SET', k, 1) end\nrun()\nerror('x')\n", "error(", "SET@k"},
		{"forward-declared function literal", "local save;\nsave = function(k) redis.call('SET', k, 1) end\nsave(KEYS[1])\nerror('x')\n", "error(", "SET@k"},
		{"pcall of function literal", "pcall(function() redis.call('SET', KEYS[1], 1) end)\nerror('x')\n", "error(", "SET@KEYS[1]"},
		{"inside function", "local function f()\n  redis.call('SET', KEYS[1], 1)\n  error('x')\nend\nf()\n", "error(", "SET@KEYS[1]"},
		{"callee entry gets callers' writes", "redis.call('SET', KEYS[1], 1)\nlocal function f() error('x') end\nf()\n", "error(", "SET@KEYS[1]"},
		{"callee called before the write", "local function f() error('x') end\nf()\nredis.call('SET', KEYS[1], 1)\n", "error(", ""},
		{"callee through two levels", "local function v() error('x') end\nlocal function w() v() end\nredis.call('DEL', KEYS[1])\nw()\n", "error(", "DEL@KEYS[1]"},
		{"callee with own write before", "local function f() redis.call('INCR', KEYS[2]) error('x') end\nf()\n", "error(", "INCR@KEYS[2]"},
		{"callback starts empty", "#!lua name=l\nlocal function cb(keys) error('x') end\nredis.register_function('f', cb)\n", "error(", ""},
		{"unreachable point", "redis.call('SET', KEYS[1], 1)\nerror('a')\nerror('b')\n", "error('b'", ""},
		{"nested block", "redis.call('SET', KEYS[1], 1)\ndo\n  if x then\n    local n = tonumber(ARGV[1])\n  end\nend\n", "tonumber(", "SET@KEYS[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			var target luaast.Node
			luaast.Inspect(p.File, func(n luaast.Node) bool {
				if target != nil || n == nil {
					return false
				}
				switch n.(type) {
				case *luaast.CallExpr, *luaast.ReturnStmt:
					if strings.HasPrefix(string(p.File.Src[n.Pos():n.End()]), tt.target) {
						target = n
						return false
					}
				}
				return true
			})
			if target == nil {
				t.Fatalf("no node starting with %q", tt.target)
			}
			if got := writesBefore(t, p, target); got != tt.want {
				t.Errorf("WritesBefore = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWritesBeforeRepeat(t *testing.T) {
	p := testPass(t, "redis.call('DEL', KEYS[1])\nrepeat\n  redis.call('RPUSH', KEYS[2], 'x')\nuntil tonumber(ARGV[1])\n")
	rep := p.File.Block.Stmts[1]
	// Like a while loop's header, the loop's entry is reached again after
	// an iteration.
	if got := writesBefore(t, p, rep); got != "DEL@KEYS[1],RPUSH@KEYS[2]" {
		t.Errorf("WritesBefore(repeat) = %q", got)
	}
	if got := writesBefore(t, p, findCall(t, p, "redis.call('RPUSH'")); got != "DEL@KEYS[1],RPUSH@KEYS[2]" {
		t.Errorf("WritesBefore(body) = %q", got)
	}
	if got := writesBefore(t, p, rep.(*luaast.RepeatStmt).Cond); got != "DEL@KEYS[1],RPUSH@KEYS[2]" {
		t.Errorf("WritesBefore(until condition) = %q", got)
	}
}

func TestFuncWritesAndSuccessors(t *testing.T) {
	src := `local function a(k) redis.call('SET', k, 1) end
local function b() a(KEYS[1]) redis.call('DEL', KEYS[2]) end
local function c() return redis.call('GET', KEYS[1]) end
if x then
  b()
else
  c()
end
return 1
`
	p := testPass(t, src)
	f := Flow(p)
	var fns []*luaast.FunctionExpr
	for _, s := range p.File.Block.Stmts[:3] {
		fns = append(fns, s.(*luaast.LocalFunctionStmt).Func)
	}
	count := []int{1, 2, 0}
	for i, fn := range fns {
		if got := len(f.FuncWrites(fn)); got != count[i] {
			t.Errorf("FuncWrites(fn %d) = %d writes, want %d", i, got, count[i])
		}
	}
	ifStmt := p.File.Block.Stmts[3]
	var succ []string
	for _, s := range f.Successors(ifStmt) {
		succ = append(succ, stmtText(p.File.Src, s))
	}
	if got := strings.Join(succ, "|"); got != "b()|c()" {
		t.Errorf("Successors(if) = %q, want b()|c()", got)
	}
	if !f.Reachable(p.File.Block.Stmts[4]) {
		t.Errorf("return not reachable")
	}
}

func TestMayRaise(t *testing.T) {
	src := `local function a(v) if not v then error('bad') end return v end
local function b(v) return a(v) end
local function c(v) local ok = pcall(a, v) return ok end
local function d() if x then return 1 end return 2 end
local function e() do return end error('never') end
local function g() assert(false, 'x') end
`
	p := testPass(t, src)
	f := Flow(p)
	want := []bool{true, true, false, false, false, true}
	for i, s := range p.File.Block.Stmts {
		fn := s.(*luaast.LocalFunctionStmt).Func
		if got := f.MayRaise(fn); got != want[i] {
			t.Errorf("MayRaise(%s) = %v, want %v", s.(*luaast.LocalFunctionStmt).Name.Name, got, want[i])
		}
	}
}

// TestMayRaiseChain checks that raising spreads through call chains in
// any order of definition (forward-declared helpers, mutual recursion),
// and not through unreachable calls.
func TestMayRaiseChain(t *testing.T) {
	src := `local f3, f4
local function f1(v) return f3(v) end
local function f2(v) return f1(v) end
f3 = function(v) return f4(v) end
f4 = function(v) if v then error('x') end return f3(v) end
local function loop1(v) return loop2(v) end
function loop2(v) return loop1(v) end
local function dead() do return end f4(1) end
`
	p := testPass(t, src)
	f := Flow(p)
	want := map[string]bool{"f1": true, "f2": true, "f3": true, "f4": true, "loop1": false, "loop2": false, "dead": false}
	got := map[string]bool{}
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		var name string
		var fn *luaast.FunctionExpr
		switch x := n.(type) {
		case *luaast.LocalFunctionStmt:
			name, fn = x.Name.Name, x.Func
		case *luaast.FunctionStmt:
			name, fn = x.Name.Root.Name, x.Func
		case *luaast.AssignStmt:
			if id, ok := x.Targets[0].(*luaast.Ident); ok {
				name = id.Name
			}
			fn, _ = x.Exprs[0].(*luaast.FunctionExpr)
		}
		if fn != nil {
			got[name] = f.MayRaise(fn)
		}
		return true
	})
	for name, w := range want {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("MayRaise(%s) = %v (found %v), want %v", name, g, ok, w)
		}
	}
}
