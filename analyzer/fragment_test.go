package analyzer

import (
	"reflect"
	"testing"
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
		{"include in prose is not a directive", "-- this file has no @include \"z\" directive\nreturn 1\n", false, nil},
		{"include in a long comment is not a directive", "--[[ @include \"z\" ]]\nreturn 1\n", false, nil},
		{"only local helpers", "local limit = 10\nlocal function f(k) return rcall('GET', k) end\n", true, nil},
		{"local helpers and a table of constants", "local states = {'a', 'b'}\nlocal f = function() return 1 end\n", true, nil},
		{"helpers but no function", "local a = 1\nlocal b = 'x'\n", false, nil},
		{"helper plus top-level call", "local function f() end\nf()\n", false, nil},
		{"helper plus return", "local function f() return 1 end\nreturn f()\n", false, nil},
		{"local bound to a call runs code", "local function f() end\nlocal v = redis.call('GET', KEYS[1])\n", false, nil},
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
