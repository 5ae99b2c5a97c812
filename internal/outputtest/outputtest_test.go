package outputtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	fatal, errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatal(args ...any) { r.fatal = append(r.fatal, fmt.Sprint(args...)) }

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = append(r.fatal, fmt.Sprintf(format, args...))
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestSpanOf(t *testing.T) {
	const src = "ab.ab\nab"
	tests := []struct {
		needle string
		nth    int
		want   luaast.Span
		fails  bool
	}{
		{"ab", 1, Span(0, 2), false},
		{"ab", 2, Span(3, 5), false},
		{"ab", 3, Span(6, 8), false},
		{"b\na", 1, Span(4, 7), false},
		{"ab", 4, luaast.Span{}, true},
		{"ab", 0, luaast.Span{}, true},
		{"x", 1, luaast.Span{}, true},
	}
	for _, tt := range tests {
		r := &recorder{}
		got := SpanOf(r, src, tt.needle, tt.nth)
		if got != tt.want || (len(r.fatal) > 0) != tt.fails {
			t.Errorf("SpanOf(%q, %d) = %v with failures %q, want %v (fails: %v)", tt.needle, tt.nth, got, r.fatal, tt.want, tt.fails)
		}
	}
}

func TestGolden(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "x.golden")
	if err := os.WriteFile(path, []byte("want\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, file, got string
		fatal, errors   int
	}{
		{"equal", "x.golden", "want\n", 0, 0},
		{"different", "x.golden", "want", 0, 1},
		{"missing", "none.golden", "want\n", 1, 0},
	}
	for _, tt := range tests {
		r := &recorder{}
		Golden(r, tt.file, []byte(tt.got), false)
		if len(r.fatal) != tt.fatal || len(r.errors) != tt.errors {
			t.Errorf("%s: %d fatal, %d errors (%q %q), want %d and %d", tt.name, len(r.fatal), len(r.errors), r.fatal, r.errors, tt.fatal, tt.errors)
		}
	}
	r := &recorder{}
	Golden(r, "x.golden", []byte("new\n"), true)
	if b, err := os.ReadFile(path); err != nil || string(b) != "new\n" || len(r.fatal)+len(r.errors) > 0 {
		t.Errorf("update: file %q, %v, failures %q %q", b, err, r.fatal, r.errors)
	}
}

func TestBigResult(t *testing.T) {
	res := BigResult("big.lua", 1000)
	if len(res) != 1 || len(res[0].Diagnostics) != 1000 {
		t.Fatalf("got %d files, want 1 with 1000 diagnostics", len(res))
	}
	src := res[0].Src
	for i, d := range res[0].Diagnostics {
		if d.Span.Start < 0 || int(d.Span.End) > len(src) {
			t.Fatalf("diagnostic %d: span %v outside the %d-byte source", i, d.Span, len(src))
		}
		if (i%5 == 0) != (len(d.Fixes) == 1 && len(d.Related) == 1) {
			t.Errorf("diagnostic %d: %d fixes, %d related", i, len(d.Fixes), len(d.Related))
		}
	}
}

func TestRateDiagnostics(t *testing.T) {
	src := RateSrc("-- between\n", "return 1\n")
	if want := "local user = ARGV[1]\nredis.call('INCR', 'rate:' .. user)\nredis.call('SET', KEYS[1], 'a')\nlocal limits = {\n  a = 1,\n}\n-- between\nredis.call('SET', KEYS[1], 'b')\nreturn 1\n"; src != want {
		t.Fatalf("RateSrc = %q, want %q", src, want)
	}
	diags := RateDiagnostics(t, src)
	want := []string{"'rate:' .. user", "limits = {\n  a = 1,\n}", "redis.call('SET', KEYS[1], 'b')"}
	if len(diags) != len(want) {
		t.Fatalf("%d diagnostics, want %d", len(diags), len(want))
	}
	for i, d := range diags {
		if got := src[d.Span.Start:d.Span.End]; got != want[i] {
			t.Errorf("diagnostic %d (%s) spans %q, want %q", i, d.RuleID, got, want[i])
		}
	}
}
