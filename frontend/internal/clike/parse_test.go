package clike

import "testing"

func TestJoinArgs(t *testing.T) {
	for _, c := range []struct {
		name, src string // a call f(...): its first argument the separator
		want      string
		ok        bool
	}{
		{"arguments", `f("-", "a", "b", "c")`, "a-b-c", true},
		{"one argument", `f("-", "a")`, "a", true},
		{"a list stands for its elements", `f("-", ["a", "b"])`, "a-b", true},
		{"no separator", `f("", "a", "b")`, "ab", true},
		{"an argument not a string", `f("-", "a", g())`, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := NewParser([]byte(c.src), toyLex(c.src), &Config{APIs: toyAPIs})
			args, _ := p.Args(1)
			sep, ok := p.ArgValue(args[0])
			if !ok {
				t.Fatalf("separator %v is not a string", args[0])
			}
			v, ok := p.JoinArgs(sep, args[1:])
			if ok != c.ok || v.Text() != c.want {
				t.Errorf("JoinArgs = %q, %v; want %q, %v", v.Text(), ok, c.want, c.ok)
			}
		})
	}
}

func TestIsConstName(t *testing.T) {
	for s, want := range map[string]bool{"SCRIPT": true, "LUA_2": true, "A": true, "Script": false, "_1": false, "": false, "ÉTÉ": true, "a_B": false} {
		if got := IsConstName(s); got != want {
			t.Errorf("IsConstName(%q) = %v, want %v", s, got, want)
		}
	}
}
