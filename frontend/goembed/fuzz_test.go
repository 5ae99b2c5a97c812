package goembed

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzFind checks that Find never panics and that every script's byte map
// and placeholders stay inside the file and the script.
func FuzzFind(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "frontend", "*.go"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("package p\nimport \"fmt\"\nvar x = fmt.Sprintf(`return redis.call('GET', KEYS[%[1]d]) %% %-*d %`, 1)\n"))
	f.Add([]byte("package p\nvar l = map[int]string{1: \"#!lua name=%s\\nredis.register_function('%s', f)\"}\nfunc f(c C) { c.EvalCtx(nil, `redis.call('GET', KEYS[1])`) }\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := Frontend{}.Find("f.go", src)
		if err != nil || found == nil {
			return
		}
		for _, s := range found.Scripts {
			if len(s.Text) != len(s.From) || len(s.Text) != len(s.Lit) {
				t.Fatalf("lengths %d %d %d", len(s.Text), len(s.From), len(s.Lit))
			}
			for _, sp := range append(s.From, s.Whole) {
				if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
					t.Fatalf("span %v outside the file (%d bytes)", sp, len(src))
				}
			}
			for _, l := range s.Literals {
				if l.Span.Start < 0 || l.Span.End > len(src) {
					t.Fatalf("literal %v outside the file", l.Span)
				}
			}
			prev := 0
			for _, p := range s.Placeholders {
				if p.Lua.Start < prev || p.Lua.End > len(s.Text) || p.Lua.Start > p.Lua.End {
					t.Fatalf("placeholder %v outside the script (%d bytes) or out of order", p.Lua, len(s.Text))
				}
				prev = p.Lua.End
			}
		}
	})
}
