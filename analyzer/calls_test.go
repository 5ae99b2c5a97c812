package analyzer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// describeCall renders a RedisCall compactly for table tests:
// "API NAME known=.. argc=.. keys=[...] complete=.. write=..".
func describeCall(src []byte, c *RedisCall) string {
	text := func(e luaast.Expr) string { return string(src[e.Pos():e.End()]) }
	var keys []string
	for _, k := range c.KeyArgs {
		keys = append(keys, text(k))
	}
	name := c.Name
	if c.Subcommand != "" {
		name += "/" + c.Subcommand
	}
	cmd := "nil"
	if c.Command != nil {
		cmd = c.Command.Name
	}
	return fmt.Sprintf("%s %s known=%v cmd=%s args=%d countKnown=%v keys=[%s] complete=%v write=%v prot=%v",
		c.API, name, c.NameKnown, cmd, len(c.Args), c.ArgCountKnown, strings.Join(keys, " "), c.KeysComplete, c.IsWrite, c.Protected)
}

func TestRedisCalls(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{
			name: "direct calls any case",
			src:  "redis.call('set', KEYS[1], ARGV[1])\nlocal v = redis.pcall(\"GET\", KEYS[2])\n",
			want: []string{
				"redis.call SET known=true cmd=SET args=2 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false",
				"redis.pcall GET known=true cmd=GET args=1 countKnown=true keys=[KEYS[2]] complete=true write=false prot=true",
			},
		},
		{
			name: "alias used in nested function",
			src: `local rcall = redis.call
local function f(k)
  return function() return rcall('DEL', k) end
end
`,
			want: []string{"redis.call DEL known=true cmd=DEL args=1 countKnown=true keys=[k] complete=true write=true prot=false"},
		},
		{
			name: "table alias and index form",
			src:  "local r = redis\nr.call('GET', 'a')\nredis['pcall']('GET', 'b')\n",
			want: []string{
				"redis.call GET known=true cmd=GET args=1 countKnown=true keys=['a'] complete=true write=false prot=false",
				"redis.pcall GET known=true cmd=GET args=1 countKnown=true keys=['b'] complete=true write=false prot=true",
			},
		},
		{
			name: "server alias",
			src:  "server.call('GET', KEYS[1])\nserver.pcall('GET', KEYS[1])\n",
			want: []string{
				"server.call GET known=true cmd=GET args=1 countKnown=true keys=[KEYS[1]] complete=true write=false prot=false",
				"server.pcall GET known=true cmd=GET args=1 countKnown=true keys=[KEYS[1]] complete=true write=false prot=true",
			},
		},
		{
			name: "shadowed redis is not resolved",
			src:  "local redis = {call = function() end}\nredis.call('SET', 'a', 'b')\n",
			want: nil,
		},
		{
			name: "reassigned alias is not resolved",
			src:  "local rcall = redis.call\nrcall = print\nrcall('SET', 'a', 'b')\n",
			want: nil,
		},
		{
			name: "dynamic command name",
			src:  "redis.call(ARGV[1], KEYS[1])\n",
			want: []string{"redis.call  known=false cmd=nil args=1 countKnown=true keys=[] complete=false write=false prot=false"},
		},
		{
			name: "name through a local bound once",
			src:  "local cmd = 'hset'\nredis.call(cmd, KEYS[1], 'f', 'v')\n",
			want: []string{"redis.call HSET known=true cmd=HSET args=3 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false"},
		},
		{
			name: "unknown command",
			src:  "redis.call('NOSUCHCMD', 'x')\n",
			want: []string{"redis.call NOSUCHCMD known=true cmd=nil args=1 countKnown=true keys=[] complete=false write=false prot=false"},
		},
		{
			name: "mset keys",
			src:  "redis.call('MSET', KEYS[1], 'v1', KEYS[2], 'v2')\n",
			want: []string{"redis.call MSET known=true cmd=MSET args=4 countKnown=true keys=[KEYS[1] KEYS[2]] complete=true write=true prot=false"},
		},
		{
			name: "zunionstore numkeys",
			src:  "redis.call('ZUNIONSTORE', KEYS[1], 2, KEYS[2], KEYS[3], 'WEIGHTS', 1, 2)\n",
			want: []string{"redis.call ZUNIONSTORE known=true cmd=ZUNIONSTORE args=7 countKnown=true keys=[KEYS[1] KEYS[2] KEYS[3]] complete=true write=true prot=false"},
		},
		{
			name: "zunionstore unknown numkeys",
			src:  "redis.call('ZUNIONSTORE', KEYS[1], ARGV[1], KEYS[2])\n",
			want: []string{"redis.call ZUNIONSTORE known=true cmd=ZUNIONSTORE args=3 countKnown=true keys=[KEYS[1]] complete=false write=true prot=false"},
		},
		{
			name: "eval-like numkeys",
			src:  "redis.call('EVAL', 'return 1', 2, KEYS[1], KEYS[2], 'arg')\n",
			want: []string{"redis.call EVAL known=true cmd=EVAL args=5 countKnown=true keys=[KEYS[1] KEYS[2]] complete=true write=false prot=false"},
		},
		{
			name: "subcommand",
			src:  "redis.call('OBJECT', 'encoding', KEYS[1])\n",
			want: []string{"redis.call OBJECT/ENCODING known=true cmd=OBJECT ENCODING args=2 countKnown=true keys=[KEYS[1]] complete=true write=false prot=false"},
		},
		{
			name: "multi-value last argument",
			src:  "redis.call('DEL', unpack(KEYS))\nredis.call('HSET', KEYS[1], ...)\nredis.call('SET', KEYS[1], (unpack(ARGV)))\n",
			want: []string{
				"redis.call DEL known=true cmd=DEL args=1 countKnown=false keys=[unpack(KEYS)] complete=false write=true prot=false",
				"redis.call HSET known=true cmd=HSET args=2 countKnown=false keys=[KEYS[1]] complete=false write=true prot=false",
				"redis.call SET known=true cmd=SET args=2 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false",
			},
		},
		{
			name: "single-value calls keep the count",
			src:  "redis.call('SET', KEYS[1], tostring(1))\nredis.call('SET', KEYS[1], ARGV[1]:sub(1, 2))\nlocal function f() end\nredis.call('SET', KEYS[1], f())\nredis.call('SET', KEYS[1], ARGV[1]:gsub('a', 'b'))\n",
			want: []string{
				"redis.call SET known=true cmd=SET args=2 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false",
				"redis.call SET known=true cmd=SET args=2 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false",
				"redis.call SET known=true cmd=SET args=2 countKnown=false keys=[KEYS[1]] complete=false write=true prot=false",
				"redis.call SET known=true cmd=SET args=2 countKnown=false keys=[KEYS[1]] complete=false write=true prot=false",
			},
		},
		{
			name: "pcall wrapping redis.call",
			src:  "local ok, err = pcall(redis.call, 'INCR', KEYS[1])\n",
			want: []string{"redis.call INCR known=true cmd=INCR args=1 countKnown=true keys=[KEYS[1]] complete=true write=true prot=true"},
		},
		{
			name: "name with spaces is not a subcommand lookup",
			src:  "redis.call('CLIENT KILL', 'x')\n",
			want: []string{"redis.call CLIENT KILL known=true cmd=nil args=1 countKnown=true keys=[] complete=false write=false prot=false"},
		},
		{
			name: "no arguments",
			src:  "redis.call()\n",
			want: []string{"redis.call  known=false cmd=nil args=0 countKnown=true keys=[] complete=false write=false prot=false"},
		},
		{
			name: "nested calls in source order",
			src:  "redis.call('SET', KEYS[1], redis.call('GET', KEYS[2]))\n",
			want: []string{
				"redis.call SET known=true cmd=SET args=2 countKnown=true keys=[KEYS[1]] complete=true write=true prot=false",
				"redis.call GET known=true cmd=GET args=1 countKnown=true keys=[KEYS[2]] complete=true write=false prot=false",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			calls := Calls(p)
			var got []string
			for _, c := range calls.List {
				got = append(got, describeCall(p.File.Src, c))
				if calls.Of(c.Call) != c {
					t.Errorf("Of(%v) does not return the call", c.Call)
				}
				if c.Fn == nil {
					t.Errorf("Fn is nil")
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestRedisCallFnAndFlags(t *testing.T) {
	src := "local function f()\n  return redis.call('PUBLISH', 'ch', 'm')\nend\nredis.call('GET', KEYS[1])\n"
	p := testPass(t, src)
	calls := Calls(p)
	if len(calls.List) != 2 {
		t.Fatalf("got %d calls", len(calls.List))
	}
	pub, get := calls.List[0], calls.List[1]
	if pub.Fn == p.File.Main || get.Fn != p.File.Main {
		t.Errorf("Fn wrong: publish in main=%v, get in main=%v", pub.Fn == p.File.Main, get.Fn == p.File.Main)
	}
	if !pub.MayReplicate || pub.IsWrite {
		t.Errorf("PUBLISH: MayReplicate=%v IsWrite=%v, want true false", pub.MayReplicate, pub.IsWrite)
	}
	if got := pub.ArgAt(0); got != pub.NameExpr {
		t.Errorf("ArgAt(0) is not the name")
	}
	if got := pub.ArgAt(2); got != pub.Args[1] {
		t.Errorf("ArgAt(2) is not Args[1]")
	}
	if pub.ArgAt(9) != nil {
		t.Errorf("ArgAt(9) not nil")
	}
	if len(calls.Writes()) != 0 {
		t.Errorf("Writes() = %d, want 0", len(calls.Writes()))
	}
}

func TestCommandVersion(t *testing.T) {
	// BLPOP is NOSCRIPT on 7.0 only; the facts come from the pass's version.
	src := "redis.call('BLPOP', KEYS[1], 0)\n"
	v70, _ := redisfacts.ParseVersion("7.0")
	c70 := Calls(testPassVersion(t, src, v70)).List[0]
	c84 := Calls(testPass(t, src)).List[0]
	if c70.Command == nil || c84.Command == nil {
		t.Fatalf("BLPOP unknown")
	}
	if !c70.Command.Flags.NoScript || c84.Command.Flags.NoScript {
		t.Errorf("NoScript: 7.0=%v 8.4=%v, want true false", c70.Command.Flags.NoScript, c84.Command.Flags.NoScript)
	}
}

func TestCallee(t *testing.T) {
	src := `local tonumber = tonumber
local fmt = string.format
local string = {format = 1}
pcall(f)
error('x')
redis.error_reply('e')
tonumber(ARGV[1])
fmt('%s', 1)
string.format('%s', 2)
math.min(1, 2)
cjson.decode(ARGV[1])
local function g() end
g()
`
	p := testPass(t, src)
	calls := Calls(p)
	tests := []struct {
		prefix, callee, global string
	}{
		{"pcall(", "pcall", "pcall"},
		{"error(", "error", "error"},
		{"redis.error_reply(", "redis.error_reply", "redis.error_reply"},
		{"tonumber(", "tonumber", ""},
		{"fmt(", "string.format", ""},
		{"string.format(", "", ""},
		{"math.min(", "math.min", "math.min"},
		{"cjson.decode(", "cjson.decode", "cjson.decode"},
		{"g()", "", ""},
	}
	for _, tt := range tests {
		c := findCall(t, p, tt.prefix)
		if got := calls.Callee(c); got != tt.callee {
			t.Errorf("Callee(%s) = %q, want %q", tt.prefix, got, tt.callee)
		}
		if got := CalleeName(c); got != tt.global {
			t.Errorf("CalleeName(%s) = %q, want %q", tt.prefix, got, tt.global)
		}
	}
	if n := len(calls.Named("pcall", "error")); n != 2 {
		t.Errorf("Named(pcall, error) = %d sites, want 2", n)
	}
	if fn := calls.LocalFunc(findCall(t, p, "g()")); fn == nil {
		t.Errorf("LocalFunc(g()) = nil")
	}
	if fn := calls.LocalFunc(findCall(t, p, "pcall(")); fn != nil {
		t.Errorf("LocalFunc(pcall) = %v, want nil", fn)
	}
	if site := calls.Site(findCall(t, p, "fmt(")); site == nil || site.Callee != "string.format" || site.Fn != p.File.Main {
		t.Errorf("Site(fmt()) = %+v", site)
	}
	if calls.Site(findCall(t, p, "g()")) != nil {
		t.Errorf("Site(g()) is not nil")
	}
}

func TestOfExpr(t *testing.T) {
	p := testPass(t, "local v = (redis.call('GET', KEYS[1]))\nlocal w = v\n")
	calls := Calls(p)
	init := p.File.Block.Stmts[0].(*luaast.LocalStmt).Exprs[0]
	if rc := calls.OfExpr(init); rc == nil || rc.Name != "GET" {
		t.Errorf("OfExpr(parenthesised call) = %v", rc)
	}
	if rc := calls.OfExpr(p.File.Block.Stmts[1].(*luaast.LocalStmt).Exprs[0]); rc != nil {
		t.Errorf("OfExpr(identifier) = %v, want nil", rc)
	}
}

// TestNamedMatchesScan checks Named against a plain filter of Sites, for a
// file short enough to be scanned and for one long enough to be indexed.
func TestNamedMatchesScan(t *testing.T) {
	callees := []string{"pcall", "error", "tostring", "string.format", "assert", "redis.call"}
	for _, n := range []int{10, 3 * namedScanMax} {
		var b strings.Builder
		for i := range n {
			switch c := callees[(i*7)%len(callees)]; c {
			case "redis.call":
				b.WriteString("redis.call('GET', KEYS[1])\n")
			default:
				fmt.Fprintf(&b, "%s('x')\n", c)
			}
		}
		calls := Calls(testPass(t, b.String()))
		if len(calls.Sites) != n {
			t.Fatalf("%d sites, want %d", len(calls.Sites), n)
		}
		queries := [][]string{{"pcall"}, {"error", "assert"}, {"assert", "error", "assert"}, {"nope"}, {"tostring", "nope", "redis.call"}, {}}
		for _, q := range queries {
			var want []*CallSite
			for _, s := range calls.Sites {
				if slices.Contains(q, s.Callee) {
					want = append(want, s)
				}
			}
			// Twice: building the index, then using it.
			for range 2 {
				if got := calls.Named(q...); !slices.Equal(got, want) {
					t.Errorf("%d calls: Named(%q) = %d sites, want %d", n, q, len(got), len(want))
				}
			}
		}
	}
}
