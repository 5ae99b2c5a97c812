package analyzer

import (
	"reflect"
	"regexp"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestScriptFragment(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		fragment bool
		includes []string
	}{
		{"whole script", "return redis.call('GET', KEYS[1])\n", false, nil},
		{"empty file", "", false, nil},
		{"triple-dash include", "--- @include \"includes/a\"\nreturn a()\n", true, []string{"includes/a"}},
		{"plain include, single quotes", "-- @include 'b'\nreturn b()\n", true, []string{"b"}},
		{"hash include", "--#include \"lib/c.lua\"\nreturn c()\n", true, []string{"lib/c.lua"}},
		{"several includes in order", "--- @include \"x\"\n--- @include \"y\"\nreturn 1\n", true, []string{"x", "y"}},
		{"dollar include", "-- $include(add_job.lua)\nreturn addJob()\n", true, []string{"add_job.lua"}},
		{"dollar include, quoted, spaced", "--  $include( 'includes/util.lua' )\nreturn 1\n", true, []string{"includes/util.lua"}},
		{"dollar include in prose is not a directive", "-- call $include(x.lua) to paste it\nreturn 1\n", false, nil},
		{"dollar include without parentheses is not a directive", "-- $include x.lua\nreturn 1\n", false, nil},
		{"include in prose is not a directive", "-- this file has no @include \"z\" directive\nreturn 1\n", false, nil},
		{"include in a long comment is not a directive", "--[[ @include \"z\" ]]\nreturn 1\n", false, nil},
		{"only local helpers", "local limit = 10\nlocal function f(k) return rcall('GET', k) end\n", true, nil},
		{"local helpers and a table of constants", "local states = {'a', 'b'}\nlocal f = function() return 1 end\n", true, nil},
		{"helpers but no function", "local a = 1\nlocal b = 'x'\n", false, nil},
		{"helper plus top-level call", "local function f() end\nf()\n", false, nil},
		{"helper plus return", "local function f() return 1 end\nreturn f()\n", false, nil},
		{"local bound to a call runs code", "local function f() end\nlocal v = redis.call('GET', KEYS[1])\n", false, nil},
		{"header binding the inputs", "local key = KEYS[1]\nlocal now = tonumber(ARGV[1])\nlocal who = ARGV[2]\n", true, nil},
		{"header decoding an input", "local opts = cjson.decode(ARGV[1])\nlocal limit = math.max(1, opts.n)\n", true, nil},
		{"header plus a command", "local key = KEYS[1]\nlocal n = redis.call('GET', key)\n", false, nil},
		{"header with a method call", "local name = ARGV[1]:lower()\n", false, nil},
		{"header with a call of a local", "local function f(x) return x end\nlocal k = f(KEYS[1])\n", false, nil},
		{"header plus a return", "local key = KEYS[1]\nreturn key\n", false, nil},
		{"a local shadowing a pure function is not pure", "local tonumber = load\nlocal n = tonumber(ARGV[1])\n", false, nil},
		{"library is never a helper fragment", "#!lua name=lib\nlocal function f() return 1 end\n", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pass := testPass(t, tt.src)
			info := Script(pass)
			if info.Fragment != tt.fragment {
				t.Errorf("Fragment = %v, want %v", info.Fragment, tt.fragment)
			}
			if !reflect.DeepEqual(info.Includes, tt.includes) {
				t.Errorf("Includes = %q, want %q", info.Includes, tt.includes)
			}
		})
	}
}

// TestConfiguredIncludeDirectives checks that the expressions of
// `includes:` mark fragments like the built-in directives, and that a
// comment they do not match does not.
func TestConfiguredIncludeDirectives(t *testing.T) {
	configured := []*regexp.Regexp{regexp.MustCompile(`^require_script\("([^"]+)"\)`), regexp.MustCompile(`^!inline\s+(\S+)$`)}
	tests := []struct {
		src      string
		includes []string
	}{
		{"-- require_script(\"lib/a\")\nreturn a()\n", []string{"lib/a"}},
		{"-- !inline helpers.lua\n-- @include \"b\"\nreturn a()\n", []string{"helpers.lua", "b"}},
		{"-- see require_script(\"lib/a\")\nreturn 1\n", nil},
		{"--[[ !inline x ]]\nreturn 1\n", nil},
	}
	for _, tt := range tests {
		f, perr := luaast.Parse("x.lua", []byte(tt.src))
		if perr != nil {
			t.Fatal(perr)
		}
		got := includeDirectives(f, configured)
		if !reflect.DeepEqual(got, tt.includes) {
			t.Errorf("%q: includes = %q, want %q", tt.src, got, tt.includes)
		}
		info := newScriptInfo(f, configured, new(scriptScratch))
		if info.Fragment != (len(tt.includes) > 0) {
			t.Errorf("%q: Fragment = %v", tt.src, info.Fragment)
		}
	}
}

func TestFragmentCommandAliases(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"not a fragment", "return rcall('GET', KEYS[1])\n", nil},
		{"helper using the includer's alias",
			"local function f(k) return rcall('HGET', k, 'x') end\n", []string{"rcall"}},
		{"command name passed in is allowed",
			"local function f(k, cmd) rcall(cmd, k); return rcall('GET', k) end\n", []string{"rcall"}},
		{"lower-case command literal",
			"local function f(k) return rcall('hget', k, 'x') end\n", []string{"rcall"}},
		{"logger with a non-command literal",
			"local function f(k) log('DEL', k); log('removed') end\n", nil},
		{"only non-literal first arguments",
			"local function f(k, cmd) return exec(cmd, k) end\n", nil},
		{"only non-literal first arguments, named like an alias",
			"local function f(k, cmd) return rcall(cmd, k) end\n", []string{"rcall"}},
		{"call without arguments",
			"local function f(k) rcall('GET', k); rcall() end\n", nil},
		{"name also read as a value",
			"local function f(k) local g = rcall; return rcall('GET', k) end\n", nil},
		{"sandbox global is never an alias",
			"local function f(k) return tostring('GET') end\n", nil},
		{"global function defined in the file",
			"--- @include \"x\"\nfunction run(c, k) return 1 end\nreturn run('GET', KEYS[1])\n", nil},
		{"include directive file",
			"--- @include \"helpers\"\nreturn call('SET', KEYS[1], ARGV[1])\n", []string{"call"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pass := testPass(t, tt.src)
			got := fragmentCommandAliases(Script(pass), pass.Version, nil)
			var names []string
			for n := range got {
				names = append(names, n)
			}
			if !reflect.DeepEqual(names, tt.want) {
				t.Errorf("aliases = %q, want %q", names, tt.want)
			}
			for _, n := range tt.want {
				found := false
				for _, rc := range Calls(pass).List {
					if id, ok := rc.Call.Fn.(*luaast.Ident); ok && id.Name == n {
						found = rc.API == "redis.call"
					}
				}
				if !found {
					t.Errorf("no redis.call resolved through %q", n)
				}
			}
		})
	}
}
