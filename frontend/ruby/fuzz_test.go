package ruby

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzFind checks that Find never panics and that every script's byte map
// stays inside the file.
func FuzzFind(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.rb"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("r.eval(<<~A + <<-'B', %q(x), keys: [\"a\"])\n  #{x} \\u{41}\nA\n  b\n  B\n"))
	f.Add([]byte("S = \"#{T}\" % [1]\nT = 'redis.call(1)'\n@s = c.script(:load, S)\nc.evalsha @s, [1]\n=begin\n=end\n__END__\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("f.rb", src)
		if err != nil || found == nil {
			return
		}
		for _, s := range found.Scripts {
			if len(s.Text) != len(s.From) || len(s.Text) != len(s.Lit) {
				t.Fatalf("lengths %d %d %d", len(s.Text), len(s.From), len(s.Lit))
			}
			for _, sp := range s.From {
				if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
					t.Fatalf("span %v outside the file (%d bytes)", sp, len(src))
				}
			}
			for _, l := range s.Literals {
				if l.Span.Start < 0 || l.Span.End > len(src) {
					t.Fatalf("literal %v outside the file", l.Span)
				}
			}
		}
	})
}
