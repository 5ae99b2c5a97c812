package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// writeLog records each Write.
type writeLog struct {
	bytes.Buffer
	sizes []int
}

func (w *writeLog) Write(b []byte) (int, error) {
	w.sizes = append(w.sizes, len(b))
	return w.Buffer.Write(b)
}

// TestTextBufferGrowth checks the text printer's buffer, which starts
// small (smallBuf) and moves to its full size (flushAt and some) once the
// report outgrows half of it: reports of every size around those bounds
// (a few lines, just under and over smallBuf/2 and smallBuf, one finding
// longer than smallBuf on its own, several times flushAt) are the
// concatenation of their files printed one by one, each in a stream of
// its own; the report is written in pieces of at least flushAt bytes but
// the last; and a report past smallBuf/2 ends with a buffer of the full
// size.
func TestTextBufferGrowth(t *testing.T) {
	src := "local a = redis.call('GET', KEYS[1])\nreturn a\n"
	file := func(i, findings, msgLen int) lint.FileResult {
		r := lint.FileResult{Path: fmt.Sprintf("dir/f%03d.lua", i), Src: []byte(src), Lines: luaast.NewLineIndex([]byte(src))}
		for j := range findings {
			r.Diagnostics = append(r.Diagnostics, analyzer.Diagnostic{
				RuleID:   "some-rule",
				Severity: analyzer.SeverityWarning,
				Message:  fmt.Sprintf("finding %d of file %d ", j, i) + strings.Repeat("m", msgLen),
				Span:     luaast.Span{Start: 6, End: 7},
			})
		}
		return r
	}
	cases := []struct {
		name                string
		files, each, msgLen int
	}{
		{"one finding", 1, 1, 10},
		{"under half", 1, 10, 100},
		{"over half", 1, 25, 100},
		{"over small", 2, 25, 100},
		{"one long finding", 1, 1, 3 * smallBuf},
		{"long after short", 2, 1, 3 * smallBuf},
		{"several flushes", 40, 30, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var results []lint.FileResult
			for i := range c.files {
				results = append(results, file(i, c.each, c.msgLen))
			}
			var want bytes.Buffer
			for i := range results {
				var one bytes.Buffer
				s := NewTextStream(&one, TextOptions{Quiet: true})
				if err := s.File(&results[i]); err != nil {
					t.Fatal(err)
				}
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
				want.Write(one.Bytes())
			}
			var got writeLog
			s := NewTextStream(&got, TextOptions{Quiet: true})
			for i := range results {
				if err := s.File(&results[i]); err != nil {
					t.Fatal(err)
				}
			}
			p := s.(*textStream).p
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("report of %d bytes differs from its files printed one by one (%d bytes)", got.Len(), want.Len())
			}
			for i, n := range got.sizes {
				if i < len(got.sizes)-1 && n < flushAt {
					t.Errorf("write %d of %d is %d bytes, want at least %d but for the last", i+1, len(got.sizes), n, flushAt)
				}
			}
			if got.Len() >= smallBuf/2 && cap(p.buf) < flushAt {
				t.Errorf("a report of %d bytes ends with a buffer of %d bytes, want at least %d", got.Len(), cap(p.buf), flushAt)
			}
			if got.Len() < smallBuf/4 && cap(p.buf) > smallBuf {
				t.Errorf("a report of %d bytes ends with a buffer of %d bytes, want the small one (%d)", got.Len(), cap(p.buf), smallBuf)
			}
		})
	}
}
