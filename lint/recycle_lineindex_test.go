package lint_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// describeLines writes every line start of r's index, so that an index
// whose memory was reused while still in use (the recycler clears a line
// index array before reuse, and another file's fills it) shows.
func describeLines(r *lint.FileResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:", r.Path)
	if r.Lines == nil {
		b.WriteString(" nil\n")
		return b.String()
	}
	for l := 1; l <= r.Lines.LineCount(); l++ {
		fmt.Fprintf(&b, " %d", r.Lines.LineStart(l))
	}
	b.WriteByte('\n')
	return b.String()
}

// TestCheckStreamRecyclingLineIndex checks the line indexes of recycled
// results (their arrays come from, and go back to, the engine's recycler:
// luaast.Parser.LineStarts): every emitted result's index is that of the
// same file linted without reuse, and the indexes of results emit keeps
// (returns false for) are still intact at the end of the run, after the
// memory of every other result was reused for the files after them.
func TestCheckStreamRecyclingLineIndex(t *testing.T) {
	cfg, srcs := recycleSources(t)
	results := lint.NewEngine(rules.All(), cfg, 2).CheckFiles(context.Background(), srcs)
	want := make([]string, len(results))
	multi := 0
	for i := range results {
		want[i] = describeLines(&results[i])
		if results[i].Lines != nil && results[i].Lines.LineCount() > 10 {
			multi++
		}
	}
	if multi < len(results)/2 {
		t.Fatalf("only %d of %d files have more than 10 lines: too few for the test to mean much", multi, len(results))
	}

	for _, jobs := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("j%d", jobs), func(t *testing.T) {
			var got []string
			var kept []lint.FileResult
			var keptAt []int
			err := lint.NewEngine(rules.All(), cfg, jobs).CheckStreamRecycling(context.Background(), func(add func(lint.Source)) error {
				for _, s := range srcs {
					add(s)
				}
				return nil
			}, func(r *lint.FileResult) bool {
				got = append(got, describeLines(r))
				if len(got)%7 == 0 {
					kept = append(kept, *r)
					keptAt = append(keptAt, len(got)-1)
					return false
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("emitted %d results, want %d", len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("line index of an emitted result differs:\n got %.300s\nwant %.300s", got[i], want[i])
				}
			}
			for k := range kept {
				if g, w := describeLines(&kept[k]), want[keptAt[k]]; g != w {
					t.Errorf("line index of a kept result changed by the end of the run:\n got %.300s\nwant %.300s", g, w)
				}
			}
		})
	}
}
