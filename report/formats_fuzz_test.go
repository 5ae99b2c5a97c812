package report_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/sarif"
)

// FuzzFormatsPath feeds arbitrary file names and messages to all four
// output formats (text, json, sarif, github), for a file with a finding
// and a file that could not be checked, and checks that each output stays
// valid: JSON and SARIF parse and give back the path (SARIF's URIs
// percent-encoded); every GitHub annotation is one line of printable UTF-8
// starting with "::"; text and GitHub write no raw control character
// other than the line break, JSON and SARIF none that JSON requires
// escaped (C0: DEL and C1 are valid raw in JSON strings, and written raw
// as encoding/json does; see the package documentation). The seed corpus is in
// testdata/fuzz/FuzzFormatsPath.
func FuzzFormatsPath(f *testing.F) {
	f.Add("a.lua", "key built by concatenation")
	f.Add("dir,x/a:b.lua", "100% done\r\nnext")
	f.Add("f\x1b[31m.lua", "m\x1b]8;;x\x07")
	f.Add("\u202eaul.txt", "\t\x00\x7f\u0085")
	f.Add("\xff\xfe.lua", "\xc3")
	f.Add("::error file=x::y", "%0A%25")
	f.Fuzz(func(t *testing.T, path, msg string) {
		if path == "" {
			return // discovery never makes an empty path
		}
		src := []byte("local x = 1\nreturn x\n")
		results := []lint.FileResult{
			{
				Path: path, Src: src, Lines: luaast.NewLineIndex(src),
				Diagnostics: []analyzer.Diagnostic{{
					RuleID: "r", Severity: analyzer.SeverityWarning, Message: msg,
					Span: luaast.Span{Start: 6, End: 7},
				}},
			},
			{Path: path + "2", Err: errors.New(msg)},
		}
		rules := []*analyzer.Rule{{ID: "r", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "t"}}}

		var text bytes.Buffer
		if err := report.Text(&text, results, report.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		checkNoControls(t, "text", text.Bytes())
		if !utf8.Valid(text.Bytes()) {
			t.Fatalf("text output is not UTF-8: %q", text.String())
		}

		var js bytes.Buffer
		if err := report.JSON(&js, results, rules); err != nil {
			t.Fatal(err)
		}
		checkNoC0(t, "json", js.Bytes())
		var doc report.JSONReport
		if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
			t.Fatalf("invalid JSON: %v\n%s", err, js.String())
		}
		if len(doc.Files) != 2 || (utf8.ValidString(path) && doc.Files[0].Path != path) {
			t.Fatalf("JSON files %+v, want the path %q", doc.Files, path)
		}

		var sr bytes.Buffer
		if err := sarif.Write(&sr, results, rules, sarif.Options{ToolVersion: "1.0.0"}); err != nil {
			t.Fatal(err)
		}
		checkNoC0(t, "sarif", sr.Bytes())
		var log struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI string `json:"uri"`
							} `json:"artifactLocation"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(sr.Bytes(), &log); err != nil {
			t.Fatalf("invalid SARIF JSON: %v\n%s", err, sr.String())
		}
		if len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
			t.Fatalf("SARIF without the result:\n%s", sr.String())
		}
		for _, r := range log.Runs[0].Results {
			for _, l := range r.Locations {
				if uri := l.PhysicalLocation.ArtifactLocation.URI; strings.ContainsFunc(uri, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
					t.Fatalf("SARIF URI %q is not percent-encoded", uri)
				}
			}
		}

		var gh bytes.Buffer
		if err := report.GitHub(&gh, results); err != nil {
			t.Fatal(err)
		}
		checkNoControls(t, "github", gh.Bytes())
		if !utf8.Valid(gh.Bytes()) {
			t.Fatalf("GitHub output is not UTF-8: %q", gh.String())
		}
		sc := bufio.NewScanner(&gh)
		n := 0
		for sc.Scan() {
			n++
			if line := sc.Text(); !strings.HasPrefix(line, "::") || strings.ContainsRune(line, '\r') {
				t.Fatalf("GitHub line %q is not one workflow command", line)
			}
			for _, r := range sc.Text() {
				if isBidi(r) {
					t.Fatalf("bidi control %U raw in GitHub output %q", r, sc.Text())
				}
			}
		}
		if n != 2 {
			t.Fatalf("%d GitHub lines, want 2 (one per annotation):\n%s", n, gh.String())
		}
	})
}

// checkNoControls fails the test if out holds a control character other
// than the line break: C0 (tab included), DEL or C1.
func checkNoControls(t *testing.T, format string, out []byte) {
	t.Helper()
	for i, r := range string(out) {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Fatalf("%s output holds the control character %U at byte %d:\n%q", format, r, i, out)
		}
	}
}

// checkNoC0 fails the test if out holds a C0 control character other
// than the line break (JSON escapes them all in strings).
func checkNoC0(t *testing.T, format string, out []byte) {
	t.Helper()
	for i, c := range out {
		if c < 0x20 && c != '\n' {
			t.Fatalf("%s output holds the control byte %#x at byte %d:\n%q", format, c, i, out)
		}
	}
}

// isBidi reports whether r is a bidi control character.
func isBidi(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
