package baseline

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// finding places a finding of rule at the first occurrence of needle
// (after skip earlier ones) in a file's source.
type finding struct {
	rule, needle string
	skip         int
}

// file is a test file: its path, source and findings.
type file struct {
	path     string
	src      string
	findings []finding
}

// results builds the lint results of files, with the findings at their
// needles.
func results(t *testing.T, files ...file) []lint.FileResult {
	t.Helper()
	var out []lint.FileResult
	for _, f := range files {
		src := []byte(f.src)
		r := lint.FileResult{Path: f.path, Src: src, Lines: luaast.NewLineIndex(src)}
		for _, fd := range f.findings {
			off, rest := -1, f.src
			for n := 0; n <= fd.skip; n++ {
				i := strings.Index(rest, fd.needle)
				if i < 0 {
					t.Fatalf("%s: needle %q #%d not found", f.path, fd.needle, n)
				}
				off += i + 1
				rest = rest[i+1:]
			}
			r.Diagnostics = append(r.Diagnostics, analyzer.Diagnostic{
				RuleID: fd.rule, Severity: analyzer.SeverityWarning, Message: fd.rule + " at " + fd.needle,
				Span: luaast.Span{Start: luaast.Pos(off), End: luaast.Pos(off + len(fd.needle))},
			})
		}
		slices.SortFunc(r.Diagnostics, func(a, b analyzer.Diagnostic) int { return int(a.Span.Start - b.Span.Start) })
		out = append(out, r)
	}
	return out
}

// reported lists the findings left in results as "path:line: rule".
func reported(rs []lint.FileResult) []string {
	var out []string
	for _, r := range rs {
		for _, d := range r.Diagnostics {
			out = append(out, fmt.Sprintf("%s:%d: %s", r.Path, r.Lines.Position(d.Span.Start).Line, d.RuleID))
		}
	}
	return out
}

const script = `local function a(k)
  return redis.call('GET', 'user:1')
end
local function b()
  x = 1
end
return a(KEYS[1])
`

// The findings of script: a hard-coded key and a global assignment.
var scriptFindings = []finding{{"hardcoded-key", "'user:1'", 0}, {"global-assignment", "x = 1", 0}}

func TestFilter(t *testing.T) {
	moved := `local function b()
    x   =   1
end
-- a comment pushing everything down

local function a(k)
  return   redis.call('GET', 'user:1')
end
return a(KEYS[1])
`
	tests := []struct {
		name          string
		recorded      []file
		current       []file
		wantReported  []string
		wantKnown     int
		wantStale     []string // paths of the stale entries
		wantUnchecked []string // paths of the entries of files not checked
	}{
		{
			name:      "unchanged",
			recorded:  []file{{"s/a.lua", script, scriptFindings}},
			current:   []file{{"s/a.lua", script, scriptFindings}},
			wantKnown: 2,
		},
		{
			name:      "lines added, functions reordered, re-indented",
			recorded:  []file{{"s/a.lua", script, scriptFindings}},
			current:   []file{{"s/a.lua", moved, []finding{{"hardcoded-key", "'user:1'", 0}, {"global-assignment", "x   =   1", 0}}}},
			wantKnown: 2,
		},
		{
			name:      "file moved to another folder and renamed",
			recorded:  []file{{"s/a.lua", script, scriptFindings}},
			current:   []file{{"lib/other/b.lua", script, scriptFindings}},
			wantKnown: 2,
		},
		{
			name:     "a new finding on a new line",
			recorded: []file{{"s/a.lua", script, scriptFindings}},
			current: []file{{"s/a.lua", script + "redis.call('DEL', 'user:2')\n",
				append(slices.Clone(scriptFindings), finding{"hardcoded-key", "'user:2'", 0})}},
			wantReported: []string{"s/a.lua:8: hardcoded-key"},
			wantKnown:    2,
		},
		{
			name:         "another rule on a known line",
			recorded:     []file{{"s/a.lua", script, scriptFindings}},
			current:      []file{{"s/a.lua", script, append(slices.Clone(scriptFindings), finding{"unbounded-read", "redis.call", 0})}},
			wantReported: []string{"s/a.lua:2: unbounded-read"},
			wantKnown:    2,
		},
		{
			name:      "a finding fixed: its entry is stale",
			recorded:  []file{{"s/a.lua", script, scriptFindings}},
			current:   []file{{"s/a.lua", script, scriptFindings[:1]}},
			wantKnown: 1,
			wantStale: []string{"s/a.lua"},
		},
		{
			name:     "a line copied: one entry absorbs one finding",
			recorded: []file{{"s/a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			current: []file{{"s/a.lua", "x = 1\nx = 1\n", []finding{
				{"global-assignment", "x = 1", 0}, {"global-assignment", "x = 1", 1}}}},
			wantReported: []string{"s/a.lua:2: global-assignment"},
			wantKnown:    1,
		},
		{
			name: "two entries of one fingerprint, one finding left",
			recorded: []file{{"s/a.lua", "x = 1\nx = 1\n", []finding{
				{"global-assignment", "x = 1", 0}, {"global-assignment", "x = 1", 1}}}},
			current:   []file{{"s/a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			wantKnown: 1,
			wantStale: []string{"s/a.lua"},
		},
		{
			// The finding left is in b.lua: the entry of a.lua is the
			// stale one, whatever the order of the entries.
			name: "path breaks the tie of the stale entry",
			recorded: []file{
				{"a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}},
				{"b.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}},
			},
			current:   []file{{"a.lua", "return 1\n", nil}, {"b.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			wantKnown: 1,
			wantStale: []string{"a.lua"},
		},
		{
			// b.lua comes first in the report but its finding is new: the
			// entry belongs to z/a.lua, which still has the finding.
			name:         "a new copy in another file does not take the entry of the file that has it",
			recorded:     []file{{"z/a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			current:      []file{{"b.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}, {"z/a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			wantReported: []string{"b.lua:1: global-assignment"},
			wantKnown:    1,
		},
		{
			name:         "changed line text is a new finding",
			recorded:     []file{{"s/a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			current:      []file{{"s/a.lua", "x = 2\n", []finding{{"global-assignment", "x = 2", 0}}}},
			wantReported: []string{"s/a.lua:1: global-assignment"},
			wantStale:    []string{"s/a.lua"},
		},
		{
			// A pre-commit hook checks the staged files only: the
			// entries of the others are not stale, unless their file is
			// gone.
			name: "entries of files not checked",
			recorded: []file{
				{"a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}},
				{"gone/b.lua", "y = 1\n", []finding{{"global-assignment", "y = 1", 0}}},
				{"other.lua", "z = 1\n", []finding{{"global-assignment", "z = 1", 0}}},
			},
			current:       []file{{"a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}}},
			wantKnown:     1,
			wantStale:     []string{"gone/b.lua"},
			wantUnchecked: []string{"other.lua"},
		},
		{
			name:         "empty baseline",
			current:      []file{{"s/a.lua", script, scriptFindings}},
			wantReported: []string{"s/a.lua:2: hardcoded-key", "s/a.lua:5: global-assignment"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := FromResults("test", results(t, tt.recorded...), nil)
			cur := results(t, tt.current...)
			before := reported(cur)
			got := b.Filter(cur, nil, func(p string) bool { return !strings.HasPrefix(p, "gone/") })
			if r := reported(got.Results); !slices.Equal(r, tt.wantReported) {
				t.Errorf("reported %q, want %q", r, tt.wantReported)
			}
			if got.Known != tt.wantKnown {
				t.Errorf("known %d, want %d", got.Known, tt.wantKnown)
			}
			var stale []string
			for _, e := range got.Stale {
				stale = append(stale, e.Path)
			}
			if !slices.Equal(stale, tt.wantStale) {
				t.Errorf("stale entries of %q, want %q", stale, tt.wantStale)
			}
			var unchecked []string
			for _, e := range got.Unchecked {
				unchecked = append(unchecked, e.Path)
			}
			if !slices.Equal(unchecked, tt.wantUnchecked) {
				t.Errorf("unchecked entries of %q, want %q", unchecked, tt.wantUnchecked)
			}
			if len(got.Results) != len(cur) {
				t.Errorf("%d results, want every file's (%d)", len(got.Results), len(cur))
			}
			if after := reported(cur); !slices.Equal(after, before) {
				t.Errorf("Filter modified its input: %q, was %q", after, before)
			}
			if got.Known+len(tt.wantReported) != len(before) {
				t.Errorf("known %d + reported %d != findings %d", got.Known, len(tt.wantReported), len(before))
			}
		})
	}
}

// TestFilterPathOf checks that paths are compared as pathOf maps them.
func TestFilterPathOf(t *testing.T) {
	recorded := results(t,
		file{"a.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}},
		file{"b.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}})
	b := FromResults("test", recorded, func(p string) string { return "sub/" + p })
	if b.Findings[0].Path != "sub/a.lua" {
		t.Fatalf("recorded path %q, want sub/a.lua", b.Findings[0].Path)
	}
	cur := results(t, file{"a.lua", "return 1\n", nil}, file{"b.lua", "x = 1\n", []finding{{"global-assignment", "x = 1", 0}}})
	got := b.Filter(cur, func(p string) string { return "sub/" + p }, nil)
	if len(got.Stale) != 1 || got.Stale[0].Path != "sub/a.lua" {
		t.Errorf("stale %+v, want the entry of sub/a.lua", got.Stale)
	}
}

func TestFingerprint(t *testing.T) {
	src := []byte("local a = 1\n\t  x  =  f( 1 )  \nreturn a")
	lines := luaast.NewLineIndex(src)
	at := func(needle string) luaast.Pos { return luaast.Pos(bytes.Index(src, []byte(needle))) }
	fp := Fingerprint("global-assignment", src, lines, at("x"))
	if !isFingerprint(fp) {
		t.Fatalf("fingerprint %q is not 64 hex digits", fp)
	}
	for _, c := range []struct {
		name string
		got  string
		same bool
	}{
		{"another column of the line", Fingerprint("global-assignment", src, lines, at("f(")), true},
		{"the line elsewhere, re-indented", Fingerprint("global-assignment", []byte("--\n--\nx = f( 1 )\n"), nil, 6), true},
		{"another rule", Fingerprint("hardcoded-key", src, lines, at("x")), false},
		{"another line", Fingerprint("global-assignment", src, lines, at("local")), false},
		{"the last line, without a break", Fingerprint("global-assignment", src, lines, at("return")), false},
	} {
		if (c.got == fp) != c.same {
			t.Errorf("%s: same fingerprint = %v, want %v", c.name, c.got == fp, c.same)
		}
	}
	if Fingerprint("r", nil, nil, 0) == Fingerprint("s", nil, nil, 0) {
		t.Error("without a source, two rules get one fingerprint")
	}
}

// TestEncodeDeterministic checks that the file is sorted and the same
// whatever the order of the results, and that it reads back as written.
func TestEncodeDeterministic(t *testing.T) {
	files := []file{
		{"b/s.lua", script, scriptFindings},
		{"a.lua", "x = 1\ny = 2 -- <&>\n", []finding{{"global-assignment", "y = 2 -- <&>", 0}, {"global-assignment", "x = 1", 0}}},
	}
	var enc [2][]byte
	for i, order := range [][]file{files, {files[1], files[0]}} {
		var buf bytes.Buffer
		if err := FromResults("redis-lua-lint", results(t, order...), nil).Encode(&buf); err != nil {
			t.Fatal(err)
		}
		enc[i] = buf.Bytes()
	}
	if !bytes.Equal(enc[0], enc[1]) {
		t.Fatalf("encodings differ:\n%s\n---\n%s", enc[0], enc[1])
	}
	b, err := Parse(enc[0])
	if err != nil {
		t.Fatalf("Parse of Encode's output: %v\n%s", err, enc[0])
	}
	var paths []string
	for _, e := range b.Findings {
		paths = append(paths, e.Path+" "+e.Rule)
	}
	want := []string{"a.lua global-assignment", "a.lua global-assignment", "b/s.lua global-assignment", "b/s.lua hardcoded-key"}
	if !slices.Equal(paths, want) {
		t.Errorf("entries %q, want %q", paths, want)
	}
	again := FromResults("redis-lua-lint", results(t, files...), nil)
	if !reflect.DeepEqual(b, again) {
		t.Errorf("read back %+v, want %+v", b, again)
	}
	if !bytes.Contains(enc[0], []byte("<&>")) || !bytes.HasSuffix(enc[0], []byte("}\n")) {
		t.Errorf("want unescaped messages and a final newline:\n%s", enc[0])
	}
}

func TestParseErrors(t *testing.T) {
	fp := strings.Repeat("ab", 32)
	tests := []struct{ name, data, want string }{
		{"empty", "", "1:1: unexpected end of the file"},
		{"not an object", "[]", "1:1: a baseline is a JSON object"},
		{"syntax", "{\n  \"version\": 1,\n  \"findings\": [}\n", "3:16: invalid JSON"},
		{"no version", `{"findings": []}`, "1:1: no \"version\""},
		{"other version", "{\n\"version\": 7, \"findings\": []}", "2:12: unsupported baseline version 7"},
		{"version a string", `{"version": "1", "findings": []}`, "1:13: a JSON string where a number is expected"},
		{"unknown field", "{\"version\": 1,\n \"finding\": []}", "2:2: unknown field \"finding\""},
		{"no findings", `{"version": 1}`, "no \"findings\""},
		{"findings null", `{"version": 1, "findings": null}`, "1:28: \"findings\" is an array"},
		{"findings not an array", `{"version": 1, "findings": {}}`, "1:28: \"findings\" is an array"},
		{"entry without rule", "{\"version\": 1, \"findings\": [\n  {\"fingerprint\": \"" + fp + "\", \"path\": \"a\"}]}", "2:3: finding without a \"rule\""},
		{"bad fingerprint", "{\"version\": 1, \"findings\": [\n  {\"rule\": \"r\", \"path\": \"a\", \"fingerprint\": \"" + fp + "\"},\n  {\"rule\": \"r\", \"path\": \"a\", \"fingerprint\": \"XY\"}]}",
			"3:3: finding of r: \"fingerprint\" must be 64 hex digits, not \"XY\""},
		{"rule a number", `{"version": 1, "findings": [{"rule": 3}]}`, "1:29: \"rule\": a JSON number where a string is expected"},
		{"entry a number", `{"version": 1, "findings": [3]}`, "1:29: a JSON number where an object is expected"},
		{"unknown entry field", `{"version": 1, "findings": [{"rule": "r", "line": 3}]}`, "1:29: json: unknown field \"line\""},
		{"another scheme", `{"version": 1, "fingerprintScheme": "md5", "findings": []}`, "fingerprints of another scheme"},
		{"twice", `{"version": 1, "version": 1, "findings": []}`, "1:16: \"version\" given twice"},
		{"trailing text", `{"version": 1, "findings": []} x`, "1:32: unexpected text after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.data))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
			var perr *Error
			if !errors.As(err, &perr) {
				t.Errorf("error of type %T, want *Error", err)
			}
		})
	}
	for _, data := range []string{`{"version": 1, "findings": []}`, `{"findings": [], "version": 1}`} {
		b, err := Parse([]byte(data))
		if err != nil || len(b.Findings) != 0 || b.Findings == nil {
			t.Errorf("%s: %+v, %v", data, b, err)
		}
	}
}
