package rules_test

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// The realistic corpus (testdata/realistic/, README.md there) measures the
// precision of the default rule set on scripts written the way production
// code bases write them: clean/ must produce no finding at all, flawed/
// exactly the findings its `-- want:` comments name. Every script also runs
// on a real server with the keys and arguments its header declares.

const realisticDir = "../testdata/realistic"

// Minimum sizes of the corpus (GitHub issue 4, deliverable 6).
const (
	realisticMinClean     = 32
	realisticMinFlawed    = 8
	realisticMinLibraries = 6
)

// realisticRun is one `-- realistic:` run line: an EVAL of the script, or
// an FCALL (FCALL_RO) of one function of a library.
type realisticRun struct {
	Line     int
	FCall    string
	ReadOnly bool
	Keys     []string
	Args     []string
}

// realisticScript is one corpus file with its header directives.
type realisticScript struct {
	Path  string // relative to the rules package, as the engine sees it
	Name  string // clean/x.lua or flawed/x.lua
	Clean bool
	Src   []byte
	// Library is the library name of a Functions library ("" for EVAL).
	Library string
	Runs    []realisticRun
	Setup   [][]string
	Wants   []ruletest.Want
}

var (
	realisticRe   = regexp.MustCompile(`^\s*(?:--)?\s*realistic:\s*(.*)$`)
	libraryNameRe = regexp.MustCompile(`(?i)^#!lua\b.*\bname=([A-Za-z0-9_]+)`)
	// realisticNoWritesRe matches an EVAL shebang with the no-writes flag.
	realisticNoWritesRe = regexp.MustCompile(`^#!lua[ \t]+(?:[^\n]*[ \t])?flags=(?:[^ \t\n]*,)?no-writes\b`)
)

// parseRealistic reads the header directives of a corpus file:
//
//	-- realistic: keys=K1,K2 args=A1,A2          an EVAL run
//	-- realistic: fcall=fn keys=K1 args=A1        an FCALL of a library function
//	-- realistic: fcall_ro=fn keys=K1 args=A1     the same with FCALL_RO
//	-- realistic: setup=SET k v; HSET h f v       commands run first (after FLUSHALL)
//
// Inside a --[[ block comment ]] header the leading "--" may be left out.
// Values are comma-separated and URL-unescaped (%2C for a comma, %20 for
// a space); setup commands are separated by ';', their words by spaces
// (each word URL-unescaped too: %3B for a ';').
func parseRealistic(path, name string, src []byte) (*realisticScript, error) {
	s := &realisticScript{Path: path, Name: name, Clean: strings.HasPrefix(name, "clean/"), Src: src}
	lines := strings.Split(string(src), "\n")
	if m := libraryNameRe.FindStringSubmatch(strings.TrimRight(lines[0], "\r")); m != nil {
		s.Library = m[1]
	}
	first := 0
	if strings.HasPrefix(lines[0], "#!") {
		first = 1
	}
	if first >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[first]), "--") {
		return nil, fmt.Errorf("%s: the script must start with a header comment (what it does, its KEYS and ARGV)", path)
	}
	for i, text := range lines {
		m := realisticRe.FindStringSubmatch(strings.TrimRight(text, "\r"))
		if m == nil {
			continue
		}
		line := i + 1
		body := strings.TrimSpace(m[1])
		if rest, ok := strings.CutPrefix(body, "setup="); ok {
			for _, cmd := range strings.Split(rest, ";") {
				f := strings.Fields(cmd)
				if len(f) == 0 {
					return nil, fmt.Errorf("%s:%d: empty setup command", path, line)
				}
				for j, w := range f {
					u, err := url.PathUnescape(w)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: setup: %w", path, line, err)
					}
					f[j] = u
				}
				s.Setup = append(s.Setup, f)
			}
			continue
		}
		run := realisticRun{Line: line}
		for _, tok := range strings.Fields(body) {
			k, v, ok := strings.Cut(tok, "=")
			if !ok {
				return nil, fmt.Errorf("%s:%d: %q is not name=value", path, line, tok)
			}
			switch k {
			case "keys", "args":
				vals, err := realisticValues(v)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %s: %w", path, line, k, err)
				}
				if k == "keys" {
					run.Keys = vals
				} else {
					run.Args = vals
				}
			case "fcall", "fcall_ro":
				if run.FCall != "" || v == "" {
					return nil, fmt.Errorf("%s:%d: one fcall= or fcall_ro= with a function name per line", path, line)
				}
				run.FCall, run.ReadOnly = v, k == "fcall_ro"
			default:
				return nil, fmt.Errorf("%s:%d: unknown setting %q (known: keys, args, fcall, fcall_ro, setup)", path, line, k)
			}
		}
		if (run.FCall != "") != (s.Library != "") {
			return nil, fmt.Errorf("%s:%d: a library is run with fcall=NAME, an EVAL script without", path, line)
		}
		s.Runs = append(s.Runs, run)
	}
	fx, err := ruletest.ParseFixture(path, src)
	if err != nil {
		return nil, err
	}
	s.Wants = fx.Wants
	return s, nil
}

func realisticValues(v string) ([]string, error) {
	if v == "" {
		return nil, nil
	}
	var out []string
	for _, part := range strings.Split(v, ",") {
		u, err := url.PathUnescape(part)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

// loadRealistic reads the whole corpus, failing the test on a malformed
// file.
func loadRealistic(t *testing.T) []*realisticScript {
	t.Helper()
	var out []*realisticScript
	for _, sub := range []string{"clean", "flawed"} {
		files, err := filepath.Glob(filepath.Join(realisticDir, sub, "*.lua"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := parseRealistic(f, sub+"/"+filepath.Base(f), src)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
	}
	return out
}

// TestRealisticCorpusShape checks the corpus is as large and as well
// formed as promised: enough clean scripts, flawed scripts and libraries,
// every clean script runnable (a run line), every flawed one with at
// least one expected finding, and no expectation in clean/.
func TestRealisticCorpusShape(t *testing.T) {
	scripts := loadRealistic(t)
	clean, flawed, libs := 0, 0, 0
	for _, s := range scripts {
		if s.Clean {
			clean++
			if s.Library != "" {
				libs++
			}
			if len(s.Runs) == 0 {
				t.Errorf("%s: no `-- realistic:` run line: a clean script must say how to run it", s.Path)
			}
			if len(s.Wants) > 0 {
				t.Errorf("%s: a clean script expects findings (%v): move it to flawed/", s.Path, s.Wants)
			}
		} else {
			flawed++
			if len(s.Wants) == 0 {
				t.Errorf("%s: a flawed script without `-- want:` comments", s.Path)
			}
		}
	}
	if clean < realisticMinClean || flawed < realisticMinFlawed || libs < realisticMinLibraries {
		t.Errorf("corpus has %d clean scripts (want >= %d), %d flawed (want >= %d), %d clean libraries (want >= %d)",
			clean, realisticMinClean, flawed, realisticMinFlawed, libs, realisticMinLibraries)
	}
}

// realisticConfig is the corpus's own .redis-lua-lint.yaml (or the
// defaults when there is none), loaded as the CLI would.
func realisticConfig(t *testing.T) *lint.Config {
	t.Helper()
	path, err := lint.FindConfig(realisticDir)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(realisticDir)
	if err != nil {
		t.Fatal(err)
	}
	if path == "" || filepath.Dir(path) != abs && filepath.Dir(path) != realisticDir {
		// Only the corpus's own file counts, never one of the checkout's.
		return lint.DefaultConfig(realisticDir)
	}
	cfg, err := lint.LoadConfig(path, rules.All())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestRealisticLint runs the engine with every registered rule at its
// default settings (plus the corpus's configuration file) over the corpus:
// clean/ must produce no finding, flawed/ exactly the `-- want:` ones.
// A finding on a clean script is a false positive of the rule, a missing
// want of a flawed script a false negative (or a rule not written yet).
func TestRealisticLint(t *testing.T) {
	scripts := loadRealistic(t)
	engine := lint.NewEngine(rules.All(), realisticConfig(t), 1)
	// Per rule: false positives (findings on clean/ or unexpected on
	// flawed/) and false negatives (missing wants), for the summary.
	fp, fn := map[string]int{}, map[string]int{}
	for _, s := range scripts {
		t.Run(s.Name, func(t *testing.T) {
			res := engine.CheckSource(s.Path, s.Src)
			if res.Err != nil {
				t.Errorf("%s: engine error: %v", s.Path, res.Err)
			}
			file, _ := luaast.Parse(s.Path, s.Src)
			if file.Lines == nil {
				file.Lines = luaast.NewLineIndex(s.Src)
			}
			for _, p := range compareRealistic(file, s.Wants, res.Diagnostics, s.Clean) {
				t.Error(p.text)
				if p.missing {
					fn[p.rule]++
				} else {
					fp[p.rule]++
				}
			}
		})
	}
	ids := map[string]bool{}
	for id := range fp {
		ids[id] = true
	}
	for id := range fn {
		ids[id] = true
	}
	var summary []string
	for id := range ids {
		summary = append(summary, fmt.Sprintf("%s: %d false positive(s), %d false negative(s)", id, fp[id], fn[id]))
	}
	sort.Strings(summary)
	if len(summary) > 0 {
		t.Logf("precision summary over %d scripts:\n\t%s", len(scripts), strings.Join(summary, "\n\t"))
	}
}

// realisticProblem is one mismatch between findings and expectations.
type realisticProblem struct {
	rule    string
	missing bool // a want without its finding (else a finding nobody wanted)
	text    string
}

// compareRealistic matches findings of any rule with expectations line by
// line, like ruletest.Compare but for every rule at once.
func compareRealistic(file *luaast.File, wants []ruletest.Want, diags []analyzer.Diagnostic, clean bool) []realisticProblem {
	var problems []realisticProblem
	byLine := map[int][]analyzer.Diagnostic{}
	for _, d := range diags {
		line := file.Lines.Position(d.Span.Start).Line
		byLine[line] = append(byLine[line], d)
	}
	ordered := append([]ruletest.Want(nil), wants...)
	sort.SliceStable(ordered, func(i, j int) bool {
		if ordered[i].Line != ordered[j].Line {
			return ordered[i].Line < ordered[j].Line
		}
		return ordered[i].Substr != "" && ordered[j].Substr == ""
	})
	for _, w := range ordered {
		found := -1
		for i, d := range byLine[w.Line] {
			if d.RuleID == w.RuleID && strings.Contains(d.Message, w.Substr) {
				found = i
				break
			}
		}
		if found >= 0 {
			byLine[w.Line] = append(byLine[w.Line][:found], byLine[w.Line][found+1:]...)
			continue
		}
		msg := fmt.Sprintf("%s:%d: FALSE NEGATIVE: missing finding [%s]", file.Name, w.Line, w.RuleID)
		if w.Substr != "" {
			msg += fmt.Sprintf(" with message containing %q", w.Substr)
		}
		if rules.ByID(w.RuleID) == nil {
			msg += " (rule not registered yet)"
		}
		for _, d := range byLine[w.Line] {
			msg += fmt.Sprintf("\n\tthe line has: [%s] %s", d.RuleID, d.Message)
		}
		problems = append(problems, realisticProblem{rule: w.RuleID, missing: true, text: msg})
	}
	kind := "unexpected finding"
	if clean {
		kind = "FALSE POSITIVE on a clean script"
	}
	var lines []int
	for l := range byLine {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	for _, l := range lines {
		for _, d := range byLine[l] {
			p := file.Lines.Position(d.Span.Start)
			problems = append(problems, realisticProblem{rule: d.RuleID, text: fmt.Sprintf("%s:%d:%d: %s: [%s] %s\n\t%s",
				file.Name, p.Line, p.Column, kind, d.RuleID, d.Message, strings.TrimSpace(file.Lines.LineText(p.Line)))})
		}
	}
	return problems
}

// TestRealisticRedis runs the corpus on a real server: every clean script
// (EVAL, or FUNCTION LOAD then FCALL / FCALL_RO of every function the
// library registers) must succeed with its declared keys and arguments
// after its setup; every flawed script must at least compile (Redis may
// still refuse it for its flaw: a bad shebang, a failing registration).
func TestRealisticRedis(t *testing.T) {
	scripts := loadRealistic(t)
	srv := redistest.Start(t)
	for _, s := range scripts {
		t.Run(s.Name, func(t *testing.T) {
			if err := srv.FlushAll(); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range s.Setup {
				if _, err := srv.Do(cmd...); err != nil {
					t.Fatalf("%s: setup %s: %v", s.Path, strings.Join(cmd, " "), err)
				}
			}
			if s.Library != "" {
				runRealisticLibrary(t, srv, s)
			} else {
				runRealisticEval(t, srv, s)
			}
		})
	}
}

func runRealisticEval(t *testing.T, srv *redistest.Server, s *realisticScript) {
	t.Helper()
	if _, err := srv.ScriptLoad(string(s.Src)); err != nil {
		var rerr *redistest.ReplyError
		if !s.Clean && errors.As(err, &rerr) && !strings.Contains(rerr.Msg, "Error compiling") {
			// It compiles; the flaw (a bad shebang) makes Redis refuse it.
			t.Logf("%s: SCRIPT LOAD refuses it (as its flaw predicts): %v", s.Name, err)
			return
		}
		t.Fatalf("%s: SCRIPT LOAD: %v", s.Path, err)
	}
	if !s.Clean {
		return
	}
	// A script that declares no-writes runs with EVAL_RO, which proves
	// the server agrees it never writes.
	cmd := "EVAL"
	if realisticNoWritesRe.Match(s.Src) {
		cmd = "EVAL_RO"
	}
	for _, run := range s.Runs {
		argv := append([]string{cmd, string(s.Src), fmt.Sprint(len(run.Keys))}, run.Keys...)
		rep, err := srv.Do(append(argv, run.Args...)...)
		if err != nil {
			t.Errorf("%s:%d: %s with keys %q args %q failed: %v", s.Path, run.Line, cmd, run.Keys, run.Args, err)
			continue
		}
		t.Logf("%s:%d: %s -> %s", s.Name, run.Line, cmd, rep)
	}
}

func runRealisticLibrary(t *testing.T, srv *redistest.Server, s *realisticScript) {
	t.Helper()
	name, err := srv.FunctionLoad(string(s.Src), true)
	if err != nil {
		var rerr *redistest.ReplyError
		if !s.Clean && errors.As(err, &rerr) && !strings.Contains(rerr.Msg, "Error compiling") {
			// It compiles; the flaw makes registration fail at load time.
			t.Logf("%s: FUNCTION LOAD fails at load time (as its flaw predicts): %v", s.Name, err)
			return
		}
		t.Fatalf("%s: FUNCTION LOAD: %v", s.Path, err)
	}
	t.Cleanup(func() {
		if _, err := srv.Do("FUNCTION", "DELETE", name); err != nil {
			t.Errorf("%s: FUNCTION DELETE %s: %v", s.Path, name, err)
		}
	})
	if !s.Clean {
		return
	}
	registered, err := realisticLibraryFunctions(srv, name)
	if err != nil {
		t.Fatalf("%s: %v", s.Path, err)
	}
	called := map[string]bool{}
	for _, run := range s.Runs {
		cmd := "FCALL"
		if run.ReadOnly {
			cmd = "FCALL_RO"
		}
		called[strings.ToLower(run.FCall)] = true
		argv := append([]string{cmd, run.FCall, fmt.Sprint(len(run.Keys))}, run.Keys...)
		rep, err := srv.Do(append(argv, run.Args...)...)
		if err != nil {
			t.Errorf("%s:%d: %s %s with keys %q args %q failed: %v", s.Path, run.Line, cmd, run.FCall, run.Keys, run.Args, err)
			continue
		}
		t.Logf("%s:%d: %s %s -> %s", s.Name, run.Line, cmd, run.FCall, rep)
	}
	for _, fn := range registered {
		if !called[strings.ToLower(fn)] {
			t.Errorf("%s: function %q is registered but no `-- realistic: fcall=` line calls it", s.Path, fn)
		}
	}
}

// realisticLibraryFunctions asks the server which functions library lib
// registered (FUNCTION LIST LIBRARYNAME, RESP2 flat maps).
func realisticLibraryFunctions(srv *redistest.Server, lib string) ([]string, error) {
	rep, err := srv.Do("FUNCTION", "LIST", "LIBRARYNAME", lib)
	if err != nil {
		return nil, fmt.Errorf("FUNCTION LIST: %w", err)
	}
	var names []string
	for _, l := range rep.Array {
		fields := l.Array
		if len(fields)%2 != 0 {
			return nil, fmt.Errorf("FUNCTION LIST: odd library map %s", l)
		}
		var libName string
		var fns []redistest.Reply
		for i := 0; i+1 < len(fields); i += 2 {
			switch fields[i].Str {
			case "library_name":
				libName = fields[i+1].Str
			case "functions":
				fns = fields[i+1].Array
			}
		}
		if libName != lib {
			continue
		}
		for _, f := range fns {
			for i := 0; i+1 < len(f.Array); i += 2 {
				if f.Array[i].Str == "name" {
					names = append(names, f.Array[i+1].Str)
				}
			}
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("FUNCTION LIST: library %q lists no functions: %s", lib, rep)
	}
	return names, nil
}

// TestRealisticConfigMatters guards the corpus's configuration file: the
// queue scripts build keys from a hash-tagged KEYS prefix, which the
// default derived-key settings report and the corpus's
// .redis-lua-lint.yaml accepts (with allow-prefix-from-keys written under
// dynamic-key, which derived-key shares). Without this check a configuration that
// silently stopped loading would go unnoticed only until a rule changed.
func TestRealisticConfigMatters(t *testing.T) {
	path := filepath.Join(realisticDir, "clean", "queue_complete.lua")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	count := func(cfg *lint.Config) int {
		n := 0
		for _, d := range lint.NewEngine(rules.All(), cfg, 1).CheckSource(path, src).Diagnostics {
			if d.RuleID == "derived-key" {
				n++
			}
		}
		return n
	}
	if n := count(lint.DefaultConfig(realisticDir)); n == 0 {
		t.Errorf("%s: no derived-key finding with the default configuration: the queue prefix case no longer exercises the corpus's .redis-lua-lint.yaml", path)
	}
	if n := count(realisticConfig(t)); n != 0 {
		t.Errorf("%s: %d derived-key finding(s) with the corpus's configuration, want none (is .redis-lua-lint.yaml loaded?)", path, n)
	}
}
