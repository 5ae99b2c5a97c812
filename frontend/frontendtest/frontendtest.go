// Package frontendtest is the fixture harness of the host-language front
// ends: it lints host files through frontend.Check with every rule at its
// defaults, and compares the findings with the expectations written in
// the files' comments, at host positions.
//
// An expectation is a comment (any of //, #, --, /*) holding
//
//	want: rule-id[severity] "message substring", ...
//
// as in the rule fixtures (see rules/testdata/README.md): a finding of
// each rule must start on the comment's line (`want@N:` for line N,
// `want@+1:` for the next line). `want-scripts: N` anywhere says how many
// scripts the front end must find in the file. Every finding must be
// expected.
package frontendtest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/internal/wantspec"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

var (
	wantRe    = regexp.MustCompile(`(?://|#|--|/\*)\s*want(@[+-]?\d+)?:\s*(.*?)\s*(?:\*/)?\s*$`)
	scriptsRe = regexp.MustCompile(`want-scripts:\s*(\d+)`)
)

// Expectations are what a fixture's comments expect.
type Expectations struct {
	Wants []wantspec.Want
	// Scripts is the number of scripts the front end must find; -1 when
	// the fixture does not say.
	Scripts int
}

// Parse reads the expectations of the host file src.
func Parse(src []byte) (Expectations, error) {
	ex := Expectations{Scripts: -1}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimRight(line, "\r")
		if m := scriptsRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			ex.Scripts = n
			continue
		}
		m := wantRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		at := i + 1
		if m[1] != "" {
			n, err := strconv.Atoi(strings.TrimPrefix(m[1][1:], "+"))
			if err != nil {
				return ex, fmt.Errorf("line %d: bad want@: %w", i+1, err)
			}
			if strings.ContainsAny(m[1][1:2], "+-") {
				at += n
			} else {
				at = n
			}
		}
		ws, err := parseHostWants(m[2])
		if err != nil {
			return ex, fmt.Errorf("line %d: %w", i+1, err)
		}
		for _, w := range ws {
			w.Line = at
			ex.Wants = append(ex.Wants, w)
		}
	}
	return ex, nil
}

// parseHostWants reads the wants of a comment. A want inside a host string
// (a comment of the Lua itself) is followed on its line by the host's
// escaped newline, closing quote or concatenation: the longest prefix that
// reads is taken.
func parseHostWants(text string) ([]wantspec.Want, error) {
	if i := strings.Index(text, `\n`); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimSpace(text)
	ws, err := wantspec.Parse(text)
	for end := len(text) - 1; err != nil && end > 0; end-- {
		if w, err2 := wantspec.Parse(strings.TrimSpace(text[:end])); err2 == nil {
			return w, nil
		}
	}
	return ws, err
}

// Engine returns an engine with every rule at its defaults.
func Engine() *lint.Engine {
	return lint.NewEngine(rules.All(), lint.DefaultConfig("."), 1)
}

// Run lints every file of dir whose extension fe reads, one subtest per
// file, and fails on findings that differ from the expectations.
func Run(t *testing.T, fe frontend.Frontend, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() || !slices.Contains(fe.Extensions(), filepath.Ext(e.Name())) {
			continue
		}
		n++
		path := filepath.Join(dir, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			CheckFile(t, fe, filepath.ToSlash(path), src)
		})
	}
	if n == 0 {
		t.Fatalf("no fixture in %s", dir)
	}
}

// CheckFile lints one host file and compares the findings with its
// expectations.
func CheckFile(t *testing.T, fe frontend.Frontend, path string, src []byte) {
	t.Helper()
	ex, err := Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if ex.Scripts >= 0 {
		found, err := fe.Find(path, src)
		if err != nil {
			t.Fatalf("%s: Find: %v", path, err)
		}
		got := 0
		if found != nil {
			got = len(found.Scripts)
		}
		if got != ex.Scripts {
			t.Errorf("%s: found %d scripts, want %d", path, got, ex.Scripts)
		}
	}
	res, _ := frontend.Check(Engine(), fe, path, src)
	if res.Err != nil {
		t.Errorf("%s: %v", path, res.Err)
	}
	for _, p := range Compare(src, ex.Wants, res.Diagnostics) {
		t.Errorf("%s:%s", path, p)
	}
}

// Compare returns the differences between the expectations and the
// findings, each as "LINE: problem".
func Compare(src []byte, wants []wantspec.Want, diags []analyzer.Diagnostic) []string {
	lines := luaast.NewLineIndex(src)
	used := make([]bool, len(wants))
	var problems []string
	for _, d := range diags {
		if d.Span.Start < 0 || int(d.Span.End) > len(src) || d.Span.End < d.Span.Start {
			problems = append(problems, fmt.Sprintf("0: %s finding with a span outside the file: %v", d.RuleID, d.Span))
			continue
		}
		line := lines.Position(d.Span.Start).Line
		matched := false
		for i, w := range wants {
			if used[i] || w.Line != line || w.RuleID != d.RuleID {
				continue
			}
			if w.Substr != "" && !strings.Contains(d.Message, w.Substr) {
				continue
			}
			if w.Severity != 0 && w.Severity != d.Severity {
				continue
			}
			used[i], matched = true, true
			break
		}
		if !matched {
			problems = append(problems, fmt.Sprintf("%d: unexpected %s[%s]: %s", line, d.RuleID, d.Severity, d.Message))
		}
	}
	for i, w := range wants {
		if !used[i] {
			problems = append(problems, fmt.Sprintf("%d: missing %s", w.Line, w))
		}
	}
	sort.Strings(problems)
	return problems
}
