package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// recycleTestTree writes, in a new working directory, scripts of very
// different sizes (generated ones and the rule fixtures, large and small
// alternating, so that the engine reuses buffers across sizes) and a
// syntax error.
func recycleTestTree(t *testing.T) {
	t.Helper()
	fixtures, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "rules", "testdata", "*", "*.lua"))
	if err != nil || len(fixtures) < 100 {
		t.Fatalf("rule fixtures: %d found (%v)", len(fixtures), err)
	}
	dir := t.TempDir()
	sizes := []int{30 << 10, 200, 6000, 50, 1500, 12 << 10}
	for i, p := range fixtures {
		if i%2 == 1 {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{
			fmt.Sprintf("s%03d/%s", i/40, filepath.Base(p)): src,
		}
		if i%6 == 0 {
			files[fmt.Sprintf("s%03d/g%04d.lua", i/40, i)] = luagen.Generate(uint64(i), sizes[(i/6)%len(sizes)])
		}
		if i == 100 {
			files["broken.lua"] = []byte("local x = f(\n")
		}
		for name, src := range files {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Chdir(dir)
}

// TestStreamedMatchesHeld checks, with every rule, that the
// report streamed while linting, where the engine reuses the memory of
// the files already written (see reportSink.emit), is byte for byte the
// report written at the end from results kept whole, in every format.
func TestStreamedMatchesHeld(t *testing.T) {
	recycleTestTree(t)
	getenv := func(string) string { return "" }
	for _, format := range formatChoices {
		t.Run(format, func(t *testing.T) {
			// One writer for stdout and stderr: the report is held to the
			// end (nothing is written to stderr here).
			var held bytes.Buffer
			c := &Command{Stdout: &held, Stderr: &held, Getenv: getenv}
			heldCode := c.Main([]string{"check", "--color", "never", "--format", format, "-j", "2"})
			if heldCode == ExitError || !strings.Contains(held.String(), "syntax-error") {
				t.Fatalf("exit %d; report:\n%.1000s", heldCode, held.String())
			}
			for _, jobs := range []string{"1", "3"} {
				var stdout, stderr bytes.Buffer
				c := &Command{Stdout: &stdout, Stderr: &stderr, Getenv: getenv}
				code := c.Main([]string{"check", "--color", "never", "--format", format, "-j", jobs})
				if code != heldCode || stderr.Len() != 0 {
					t.Errorf("-j %s: exit %d (held: %d), stderr %q", jobs, code, heldCode, stderr.String())
				}
				if got, want := stdout.String(), held.String(); got != want {
					i := 0
					for i < len(got) && i < len(want) && got[i] == want[i] {
						i++
					}
					t.Errorf("-j %s: streamed report differs from the held one at byte %d:\n--- streamed\n%s\n--- held\n%s",
						jobs, i, got[max(0, i-200):min(len(got), i+200)], want[max(0, i-200):min(len(want), i+200)])
				}
			}
		})
	}
}

// TestReportSinkHoldsOnlyUnstreamed checks that emit writes a result out
// when the report is streamed and holds it otherwise (SARIF, a report
// that goes where stderr goes).
func TestReportSinkHoldsOnlyUnstreamed(t *testing.T) {
	tests := []struct {
		name   string
		format string
		same   bool
		want   bool
	}{
		{"text streamed", "text", false, true},
		{"json streamed", "json", false, true},
		{"github streamed", "github", false, true},
		{"sarif held", "sarif", false, false},
		{"text held", "text", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			c := &Command{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
			if tt.same {
				c.Stderr = &stdout
			}
			s := c.newReportSink(&checkFlags{format: tt.format}, t.TempDir(), false)
			s.decide()
			r := &lint.FileResult{Path: "a.lua", Src: []byte("x")}
			s.emit(r)
			if held := len(s.held) == 1 && s.held[0].Path == "a.lua"; held == tt.want {
				t.Errorf("streamed %v, but held %v", tt.want, s.held)
			}
		})
	}
}
