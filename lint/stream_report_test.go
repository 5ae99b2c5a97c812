package lint_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// streamTree writes the inputs of the streaming tests to a new directory
// and returns it: files of very different sizes in an order where large
// and small ones alternate (so that buffers are reused across sizes, a
// large one for a small file and the reverse), generated scripts, the
// rule fixtures, the realistic scripts of testdata, syntax errors, an
// empty file and a
// binary one (skipped, never emitted).
func streamTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	n := 0
	write := func(name string, src []byte) {
		n++
		p := filepath.Join(dir, fmt.Sprintf("%04d-%s", n, name))
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var scripts []string
	for _, pattern := range []string{
		filepath.Join("..", "rules", "testdata", "*", "*.lua"),
		filepath.Join("..", "testdata", "realistic", "*", "*.lua"),
	} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		scripts = append(scripts, m...)
	}
	if len(scripts) < 100 {
		t.Fatalf("only %d input scripts found", len(scripts))
	}
	sizes := []int{48 << 10, 300, 9000, 40, 2500, 20 << 10, 700}
	for i, p := range scripts {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Base(p), src)
		if i%3 == 0 {
			write("gen.lua", luagen.Script(uint64(i)))
		}
		if i%9 == 0 {
			write("sized.lua", luagen.Generate(uint64(i), sizes[(i/9)%len(sizes)]))
		}
		switch i % 61 {
		case 7:
			write("empty.lua", nil)
		case 13:
			write("broken.lua", []byte("local x = f(\nreturn redis.call('GET', KEYS[1]\n"))
		case 29:
			write("binary.lua", append([]byte("local a = 1\x00\x01\x02"), make([]byte, 3000)...))
		}
		if i == 40 {
			// A large file.
			write("huge.lua", bytes.Repeat([]byte("local a = redis.call('GET', KEYS[1])\n"), 30000))
		}
	}
	return dir
}

// renderAll writes results in every streaming format, and a description
// of every field of every finding (so that a difference the formats do
// not print shows too), each into one of its buffers.
type renderAll struct {
	text, json, github report.Stream
	bufs               [4]bytes.Buffer
}

func newRenderAll() *renderAll {
	ra := &renderAll{}
	ra.text = report.NewTextStream(&ra.bufs[0], report.TextOptions{})
	ra.json = report.NewJSONStream(&ra.bufs[1], rules.All())
	ra.github = report.NewGitHubStream(&ra.bufs[2])
	return ra
}

func (ra *renderAll) file(t *testing.T, r *lint.FileResult) {
	t.Helper()
	for _, s := range []report.Stream{ra.text, ra.json, ra.github} {
		if err := s.File(r); err != nil {
			t.Fatal(err)
		}
	}
	d := &ra.bufs[3]
	fmt.Fprintf(d, "%s err=%v src=%d:%q lines=%d\n", r.Path, r.Err, len(r.Src), firstBytes(r.Src), lineCount(r))
	d.WriteString(describeDiags(r.Diagnostics))
}

func (ra *renderAll) close(t *testing.T) [4]string {
	t.Helper()
	for _, s := range []report.Stream{ra.text, ra.json, ra.github} {
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	var out [4]string
	for i := range ra.bufs {
		out[i] = ra.bufs[i].String()
	}
	return out
}

func firstBytes(b []byte) []byte { return b[:min(len(b), 40)] }

func lineCount(r *lint.FileResult) int {
	if r.Lines == nil {
		return -1
	}
	return r.Lines.LineCount()
}

// streamSources discovers the files of a streamTree, with the
// default configuration of its directory.
func streamSources(t *testing.T) (*lint.Config, []lint.Source) {
	t.Helper()
	dir := streamTree(t)
	var srcs []lint.Source
	if err := lint.DiscoverFunc([]string{dir}, lint.DiscoverOptions{WorkDir: dir}, func(s lint.Source) {
		srcs = append(srcs, s)
	}); err != nil {
		t.Fatal(err)
	}
	return lint.DefaultConfig(dir), srcs
}

// TestCheckStreamMatchesCheckFiles checks that a report written as
// CheckStream emits the results is byte for byte the report of the same
// files from CheckFiles, in every format, on files of varied sizes read
// from disk, with one worker and with several (the workers reuse their
// analyses' memory from file to file: anything left pointing into it
// would change the report).
func TestCheckStreamMatchesCheckFiles(t *testing.T) {
	cfg, srcs := streamSources(t)
	want := newRenderAll()
	results := lint.NewEngine(rules.All(), cfg, 2).CheckFiles(context.Background(), srcs)
	for i := range results {
		want.file(t, &results[i])
	}
	wantOut := want.close(t)
	if !strings.Contains(wantOut[0], "syntax-error") || strings.Count(wantOut[2], "\n") < len(srcs) {
		t.Fatalf("the inputs give too few findings for the test to mean much:\n%.2000s", wantOut[0])
	}

	for _, jobs := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("j%d", jobs), func(t *testing.T) {
			got := newRenderAll()
			eng := lint.NewEngine(rules.All(), cfg, jobs)
			emitted := 0
			err := eng.CheckStream(context.Background(), func(add func(lint.Source)) error {
				for _, s := range srcs {
					add(s)
				}
				return nil
			}, func(r *lint.FileResult) {
				emitted++
				got.file(t, r)
			})
			if err != nil {
				t.Fatal(err)
			}
			if emitted != len(results) {
				t.Fatalf("emitted %d results, want %d", emitted, len(results))
			}
			gotOut := got.close(t)
			for i, name := range []string{"text", "json", "github", "findings"} {
				if gotOut[i] != wantOut[i] {
					t.Errorf("%s streamed report differs from CheckFiles's:\n%s", name, firstDiff(gotOut[i], wantOut[i]))
				}
			}
		})
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-300)
	return fmt.Sprintf("at byte %d:\n--- got\n%s\n--- want\n%s", i, a[from:min(len(a), i+300)], b[from:min(len(b), i+300)])
}
