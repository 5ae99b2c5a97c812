package report

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// refText is the text report built piece by piece, as the printer did
// before it kept its fixed pieces (sevHead, the rule ends, the gutter
// pieces) and reused snippet tops: the plain path the printer is compared
// with (TestTextMatchesReference). It shares the per-character helpers
// (appendSafe, appendWindow, the line cursor), which have oracle tests
// of their own.
func refText(results []lint.FileResult, on bool) []byte {
	p := newTextPrinter(nil, on) // for its styles only
	var b []byte
	var cur lineCursor
	header := func(path string, pos *luaast.Position, word style, name, msg string) {
		b = appendEscape(b, p.path.on)
		b = appendSafe(b, path)
		if pos != nil {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(pos.Line), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(pos.Column), 10)
		}
		b = appendEscape(b, p.path.off)
		b = append(b, ": "...)
		b = word.appendString(b, name)
		b = append(b, ": "...)
		b = appendSafe(b, msg)
	}
	ruleID := func(id string) {
		if id != "" {
			b = append(b, ' ')
			b = appendEscape(b, p.rule.on)
			b = append(b, '[')
			b = appendSafe(b, id)
			b = append(b, ']')
			b = appendEscape(b, p.rule.off)
		}
		b = append(b, '\n')
	}
	blank := func(gw int) {
		b = appendEscape(b, p.gutter.on)
		b = appendSpaces(b, gw+1)
		b = append(b, '|')
		b = appendEscape(b, p.gutter.off)
	}
	snippet := func(src []byte, lines *luaast.LineIndex, loc location, gw int, st style, first, rest byte) {
		line := lineBytes(src, lines, loc.pos.Line)
		a := int(loc.start - lines.LineStart(loc.pos.Line))
		e := int(loc.end - lines.LineStart(loc.pos.Line))
		if loc.endLine != loc.pos.Line {
			e = len(line)
		}
		blank(gw)
		b = append(b, '\n')
		b = appendEscape(b, p.gutter.on)
		b = appendSpaces(b, gw-digits(loc.pos.Line))
		b = strconv.AppendInt(b, int64(loc.pos.Line), 10)
		b = append(b, " |"...)
		b = appendEscape(b, p.gutter.off)
		mark := len(b)
		b = append(b, ' ')
		var ca, cb int
		b, ca, cb = appendWindow(b, line, a, e) // appendPlain is checked against it elsewhere
		if len(b) == mark+1 {
			b = b[:mark]
		}
		b = append(b, '\n')
		if cb <= ca {
			cb = ca + 1
		}
		blank(gw)
		b = append(b, ' ')
		b = appendSpaces(b, ca)
		b = appendEscape(b, st.on)
		b = append(b, first)
		b = appendRepeat(b, rest, cb-ca-1)
		b = appendEscape(b, st.off)
		b = append(b, '\n')
	}
	fix := func(src []byte, gw int, f *analyzer.Fix) {
		b = appendSpaces(b, gw+1)
		b = append(b, "= "...)
		b = p.help.appendString(b, "help")
		b = append(b, ": "...)
		b = appendSafe(b, describeFix(src, f))
		b = append(b, '\n')
	}
	sevStyle := func(s analyzer.Severity) style {
		if s < 0 || int(s) >= len(p.sev) {
			return p.sev[0]
		}
		return p.sev[s]
	}
	for i := range results {
		r := &results[i]
		lines := r.Lines
		if lines == nil && r.Src != nil {
			lines = luaast.NewLineIndex(r.Src)
		}
		if lines != nil {
			cur.reset(lines)
		}
		if r.Err != nil {
			header(r.Path, nil, p.sev[analyzer.SeverityError], "error", r.Err.Error())
			b = append(b, "\n\n"...)
		}
		for j := range r.Diagnostics {
			d := &r.Diagnostics[j]
			sev := sevStyle(d.Severity)
			if lines == nil {
				header(r.Path, nil, sev, severityName(d.Severity), d.Message)
				ruleID(d.RuleID)
				for _, rel := range d.Related {
					header(r.Path, nil, p.note, "note", rel.Message)
					b = append(b, '\n')
				}
				for k := range d.Fixes {
					fix(r.Src, 0, &d.Fixes[k])
				}
				b = append(b, '\n')
				continue
			}
			primary := resolve(&cur, d.Span)
			gw := digits(primary.pos.Line)
			for _, rel := range d.Related {
				gw = max(gw, digits(lines.Position(min(max(rel.Span.Start, 0), cur.size)).Line))
			}
			header(r.Path, &primary.pos, sev, severityName(d.Severity), d.Message)
			ruleID(d.RuleID)
			snippet(r.Src, lines, primary, gw, sev, '^', '~')
			for _, rel := range d.Related {
				loc := resolve(&cur, rel.Span)
				msg := rel.Message
				if msg == "" {
					msg = "related location"
				}
				header(r.Path, &loc.pos, p.note, "note", msg)
				b = append(b, '\n')
				snippet(r.Src, lines, loc, gw, p.secondary, '-', '-')
			}
			for k := range d.Fixes {
				fix(r.Src, gw, &d.Fixes[k])
			}
			b = append(b, '\n')
		}
	}
	return b
}

// printText prints results with a text stream (quiet), reusing snippet
// tops or not.
func printText(t *testing.T, results []lint.FileResult, on, noReuse bool) []byte {
	t.Helper()
	var out bytes.Buffer
	s := NewTextStream(&out, TextOptions{Color: on, Quiet: true})
	s.(*textStream).p.noReuse = noReuse
	for i := range results {
		if err := s.File(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// reuseSources are hand-written sources for the snippet-reuse oracle:
// plain lines, empty lines, tabs, wide and invalid characters, long
// lines (shown through a window) and CRLF breaks.
var reuseSources = []string{
	"local a = redis.call('GET', KEYS[1])\nreturn a\n",
	"local x = 1\n\n\nlocal y = 2 -- \t tab\nreturn x + y",
	"local s = '日本語' -- wide\nlocal t = '\xff\xfe'\r\nreturn s .. t\r\n",
	"return '" + strings.Repeat("abcdefghij", 40) + "'\nlocal z\n",
	"\n\n\n\n\n\n\n\n\nlocal ten = 10\n" + strings.Repeat("x = 1\n", 120),
	"",
	"local q = 1",
}

// genResults makes n files of random findings over the sources: several
// findings per line (the reuse case), spans out of range, across lines
// and empty, related locations far away (a wider gutter), fixes, unknown
// severities, rule IDs that share a cache slot or need escaping, paths
// that change and repeat, files without source and files in error.
func genResults(rng *rand.Rand, n int) []lint.FileResult {
	ids := []string{"unused-variable", "wrong-arity", "dynamic-key", "x", "ab", "ba", "a\x1bb", "rule-\u202e", "", "unused-variablf", "vnused-variable"}
	paths := []string{"a.lua", "dir/b.lua", "a.lua", "we\nird.lua", "c.lua"}
	var out []lint.FileResult
	for i := range n {
		src := reuseSources[rng.IntN(len(reuseSources))]
		r := lint.FileResult{Path: paths[rng.IntN(len(paths))], Src: []byte(src)}
		switch rng.IntN(8) {
		case 0:
			r.Src = nil // no source: headers without positions
		case 1:
			r.Lines = luaast.NewLineIndex(r.Src)
		}
		if rng.IntN(10) == 0 {
			r.Err = errors.New("cannot read\tfile " + strconv.Itoa(i))
		}
		size := luaast.Pos(len(src))
		line := luaast.Pos(0)
		for range rng.IntN(12) {
			// Stay on a line most of the time, or jump.
			if rng.IntN(3) == 0 && size > 0 {
				line = luaast.Pos(rng.IntN(int(size) + 1))
			}
			start := line + luaast.Pos(rng.IntN(8)) - 2
			end := start + luaast.Pos(rng.IntN(12)) - 1
			if rng.IntN(6) == 0 {
				end = start + luaast.Pos(rng.IntN(int(size)+40)) // across lines, past the end
			}
			d := analyzer.Diagnostic{
				RuleID:   ids[rng.IntN(len(ids))],
				Severity: analyzer.Severity(rng.IntN(6) - 1),
				Message:  fmt.Sprintf("finding %d\n%s", rng.IntN(100), strings.Repeat("m", rng.IntN(30))),
				Span:     luaast.Span{Start: start, End: end},
			}
			for range rng.IntN(3) / 2 {
				rs := luaast.Pos(rng.IntN(int(size) + 1))
				d.Related = append(d.Related, analyzer.Related{Span: luaast.Span{Start: rs, End: rs + 2}, Message: []string{"", "first here"}[rng.IntN(2)]})
			}
			for range rng.IntN(3) {
				f := analyzer.Fix{Message: "rename it"}
				if rng.IntN(2) == 0 {
					f = analyzer.Fix{Edits: []analyzer.Edit{{Span: luaast.Span{Start: start, End: start + 3}, NewText: "_"}}}
				}
				d.Fixes = append(d.Fixes, f)
			}
			r.Diagnostics = append(r.Diagnostics, d)
		}
		out = append(out, r)
	}
	return out
}

// TestTextMatchesReference checks the printer, with and without the
// reuse of snippet tops, against refText on generated findings (with and
// without colour; enough of them that the buffer is flushed in the middle
// of files, which must forget the snippet top it located) and on
// hand-written ones.
func TestTextMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for round := range 40 {
		results := genResults(rng, 1+rng.IntN(60))
		if round%10 == 9 {
			// Long reports: several flushes.
			results = append(results, genResults(rng, 1500)...)
		}
		for _, on := range []bool{false, true} {
			want := refText(results, on)
			for _, noReuse := range []bool{false, true} {
				got := printText(t, results, on, noReuse)
				if !bytes.Equal(got, want) {
					i := 0
					for i < min(len(got), len(want)) && got[i] == want[i] {
						i++
					}
					t.Fatalf("round %d (color %v, noReuse %v): output differs from the reference at byte %d:\ngot  %q\nwant %q",
						round, on, noReuse, i, got[max(i-80, 0):min(i+80, len(got))], want[max(i-80, 0):min(i+80, len(want))])
				}
			}
		}
	}

	// Hand-written: findings on one line of one file, then the same line
	// number in the next file (whose line differs), then a wider gutter
	// on the same line.
	src1 := "local a = 1\nlocal b = 2\n"
	src2 := "return 'another line two'\nreturn 2\n"
	many := strings.Repeat("\n", 99) + "local far = 1\n"
	results := []lint.FileResult{
		{Path: "one.lua", Src: []byte(src1), Diagnostics: []analyzer.Diagnostic{
			{RuleID: "r", Severity: analyzer.SeverityWarning, Message: "first", Span: luaast.Span{Start: 18, End: 19}},
			{RuleID: "s", Severity: analyzer.SeverityError, Message: "second", Span: luaast.Span{Start: 12, End: 17}},
			{RuleID: "r", Severity: analyzer.SeverityInfo, Message: "multi-line", Span: luaast.Span{Start: 14, End: 30}},
		}},
		{Path: "two.lua", Src: []byte(src2), Diagnostics: []analyzer.Diagnostic{
			{RuleID: "r", Severity: analyzer.SeverityWarning, Message: "first", Span: luaast.Span{Start: 26, End: 28}},
		}},
		{Path: "three.lua", Src: []byte(many), Diagnostics: []analyzer.Diagnostic{
			{RuleID: "r", Message: "narrow", Span: luaast.Span{Start: 2, End: 3}},
			{RuleID: "r", Message: "wide", Span: luaast.Span{Start: 2, End: 3},
				Related: []analyzer.Related{{Span: luaast.Span{Start: 105, End: 108}}}},
			{RuleID: "r", Message: "narrow again", Span: luaast.Span{Start: 2, End: 3}},
		}},
	}
	for _, on := range []bool{false, true} {
		want := refText(results, on)
		for _, noReuse := range []bool{false, true} {
			if got := printText(t, results, on, noReuse); !bytes.Equal(got, want) {
				t.Errorf("hand-written (color %v, noReuse %v):\ngot\n%s\nwant\n%s", on, noReuse, got, want)
			}
		}
	}
}

// TestTextReusesSnippetTop checks that the reuse is taken where it
// should be: a second finding on the same plain line copies the top of
// the first's snippet (shown still locates it), and one on a line that
// is not plain printable ASCII does not record one.
func TestTextReusesSnippetTop(t *testing.T) {
	src := "local a = 1\nlocal s = '\t'\n"
	r := lint.FileResult{Path: "f.lua", Src: []byte(src), Diagnostics: []analyzer.Diagnostic{
		{RuleID: "r", Message: "m", Span: luaast.Span{Start: 6, End: 7}},
	}}
	var out bytes.Buffer
	s := NewTextStream(&out, TextOptions{Quiet: true})
	if err := s.File(&r); err != nil {
		t.Fatal(err)
	}
	p := s.(*textStream).p
	if p.shown.line != 1 || p.shown.end <= p.shown.start {
		t.Fatalf("after a finding on plain line 1, shown = %+v", p.shown)
	}
	r.Diagnostics[0].Span = luaast.Span{Start: 18, End: 19}
	if err := s.File(&r); err != nil {
		t.Fatal(err)
	}
	if p.shown.line != 0 {
		t.Errorf("a new file on a line with a tab: shown = %+v, want none", p.shown)
	}
	// Writing the buffer out forgets what it located.
	r.Diagnostics[0].Span = luaast.Span{Start: 6, End: 7}
	if err := s.File(&r); err != nil {
		t.Fatal(err)
	}
	if p.shown.line != 1 {
		t.Fatalf("shown = %+v, want line 1", p.shown)
	}
	if err := p.flushBuf(); err != nil {
		t.Fatal(err)
	}
	if p.shown != (shownLine{}) {
		t.Errorf("after a flush, shown = %+v, want none", p.shown)
	}
}

// TestAppendDecimal compares appendDecimal with strconv.AppendInt around
// its one- and two-digit shortcuts, on negative and large numbers too.
func TestAppendDecimal(t *testing.T) {
	check := func(n int) {
		t.Helper()
		want := strconv.AppendInt([]byte("x"), int64(n), 10)
		if got := appendDecimal([]byte("x"), n); !bytes.Equal(got, want) {
			t.Fatalf("appendDecimal(%d) = %q, want %q", n, got, want)
		}
	}
	for n := -1000; n <= 100000; n++ {
		check(n)
	}
	for _, n := range []int{math.MaxInt32, math.MinInt32, math.MaxInt, math.MinInt} {
		check(n)
	}
}
