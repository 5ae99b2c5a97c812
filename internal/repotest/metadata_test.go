package repotest

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/report"
)

// actionMetadata is the part of GitHub's action.yml schema the tests check.
type actionMetadata struct {
	Name        string                  `yaml:"name"`
	Description string                  `yaml:"description"`
	Author      string                  `yaml:"author"`
	Branding    map[string]string       `yaml:"branding"`
	Inputs      map[string]actionInput  `yaml:"inputs"`
	Outputs     map[string]actionOutput `yaml:"outputs"`
	Runs        struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionInput struct {
	Description string  `yaml:"description"`
	Required    bool    `yaml:"required"`
	Default     *string `yaml:"default"`
}

type actionOutput struct {
	Description string `yaml:"description"`
	Value       string `yaml:"value"`
}

type actionStep struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Run   string            `yaml:"run"`
	Shell string            `yaml:"shell"`
	With  map[string]string `yaml:"with"`
	Env   map[string]string `yaml:"env"`
}

// decodeStrict unmarshals YAML, failing on keys the Go type does not know:
// a misspelt key in action.yml is otherwise silently ignored by GitHub.
func decodeStrict(t *testing.T, name string, data []byte, v any) {
	t.Helper()
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func loadAction(t *testing.T) actionMetadata {
	t.Helper()
	var a actionMetadata
	decodeStrict(t, "action.yml", readRepoFile(t, "action.yml"), &a)
	return a
}

// TestActionInputs pins the action's public inputs and their defaults: they
// are documented in the README and used by workflows in other repositories.
func TestActionInputs(t *testing.T) {
	a := loadAction(t)
	if a.Name == "" || a.Description == "" {
		t.Errorf("action.yml: name and description are required (got %q, %q)", a.Name, a.Description)
	}
	want := map[string]string{
		"paths":         ".",
		"version":       "",
		"redis-version": "",
		"format":        "github",
		"fail-on":       "warning",
		"sarif-file":    "redis-lua-lint.sarif",
		"upload-sarif":  "false",
		"baseline":      "",
	}
	for name, def := range want {
		in, ok := a.Inputs[name]
		switch {
		case !ok:
			t.Errorf("action.yml: input %q is missing", name)
		case in.Default == nil:
			t.Errorf("action.yml: input %q has no default, want %q", name, def)
		case *in.Default != def:
			t.Errorf("action.yml: input %q defaults to %q, want %q", name, *in.Default, def)
		}
	}
	for name, in := range a.Inputs {
		if _, ok := want[name]; !ok {
			t.Errorf("action.yml: input %q is not in the test's list: document it and add it here", name)
		}
		if strings.TrimSpace(in.Description) == "" {
			t.Errorf("action.yml: input %q has no description", name)
		}
		if in.Required {
			t.Errorf("action.yml: input %q is required; every input must have a default", name)
		}
	}
}

var (
	exprRef   = regexp.MustCompile(`\$\{\{([^}]*)\}\}`)
	inputRef  = regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`)
	stepRef   = regexp.MustCompile(`\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
	outputSet = regexp.MustCompile(`echo "([A-Za-z0-9_-]+)=[^"]*" *>> *"\$GITHUB_OUTPUT"`)
)

// TestActionSteps checks the composite action's wiring: every run step
// names its shell (required in composite actions), every ${{ inputs.x }}
// names a declared input, and every steps.<id>.outputs.<name> refers to an
// earlier step that sets that output.
func TestActionSteps(t *testing.T) {
	a := loadAction(t)
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml: runs.using = %q, want composite", a.Runs.Using)
	}
	if len(a.Runs.Steps) == 0 {
		t.Fatal("action.yml: no steps")
	}

	// Outputs each step sets, by step id; "uses" steps are not inspected.
	sets := map[string][]string{}
	checkExpr := func(where, text string, seen map[string][]string) {
		for _, m := range exprRef.FindAllStringSubmatch(text, -1) {
			expr := m[1]
			for _, in := range inputRef.FindAllStringSubmatch(expr, -1) {
				if _, ok := a.Inputs[in[1]]; !ok {
					t.Errorf("action.yml: %s refers to undeclared input %q", where, in[1])
				}
			}
			for _, so := range stepRef.FindAllStringSubmatch(expr, -1) {
				outs, ok := seen[so[1]]
				if !ok {
					t.Errorf("action.yml: %s refers to step %q, which is not an earlier step with an id", where, so[1])
					continue
				}
				if !slices.Contains(outs, so[2]) {
					t.Errorf("action.yml: %s reads output %q of step %q, which the step never sets (it sets %v)", where, so[2], so[1], outs)
				}
			}
		}
	}

	for i, st := range a.Runs.Steps {
		where := "step " + st.Name
		if st.Name == "" {
			t.Errorf("action.yml: step %d has no name", i)
		}
		if (st.Run == "") == (st.Uses == "") {
			t.Errorf("action.yml: %s must have exactly one of run and uses", where)
		}
		if st.Run != "" && st.Shell == "" {
			t.Errorf("action.yml: %s has run but no shell (required in composite actions)", where)
		}
		if st.Run != "" && strings.Contains(st.Run, "${{") {
			// Expressions inside a script are expanded before the shell
			// sees them: an input with a quote breaks (or injects into)
			// the script. Pass values through env instead.
			t.Errorf("action.yml: %s expands ${{ }} inside its script; pass the value through env", where)
		}
		checkExpr(where+" (if)", "${{"+st.If+"}}", sets)
		for k, v := range st.With {
			checkExpr(where+" with."+k, v, sets)
		}
		for k, v := range st.Env {
			checkExpr(where+" env."+k, v, sets)
		}
		if st.ID != "" {
			if _, dup := sets[st.ID]; dup {
				t.Errorf("action.yml: step id %q is used twice", st.ID)
			}
			var outs []string
			for _, m := range outputSet.FindAllStringSubmatch(st.Run, -1) {
				outs = append(outs, m[1])
			}
			outs = append(outs, installScriptOutputs(t, st.Run)...)
			sets[st.ID] = outs
		}
	}
	for name, out := range a.Outputs {
		if out.Description == "" {
			t.Errorf("action.yml: output %q has no description", name)
		}
		checkExpr("output "+name, out.Value, sets)
	}
	for _, name := range []string{"exit-code", "sarif-file"} {
		if _, ok := a.Outputs[name]; !ok {
			t.Errorf("action.yml: output %q is missing", name)
		}
	}
}

// preCommitHook is one entry of .pre-commit-hooks.yaml (the keys pre-commit
// 3.x accepts that this repository uses).
type preCommitHook struct {
	ID                      string   `yaml:"id"`
	Name                    string   `yaml:"name"`
	Description             string   `yaml:"description"`
	Entry                   string   `yaml:"entry"`
	Language                string   `yaml:"language"`
	LanguageVersion         string   `yaml:"language_version"`
	Types                   []string `yaml:"types"`
	TypesOr                 []string `yaml:"types_or"`
	Files                   string   `yaml:"files"`
	Exclude                 string   `yaml:"exclude"`
	Args                    []string `yaml:"args"`
	PassFilenames           *bool    `yaml:"pass_filenames"`
	RequireSerial           *bool    `yaml:"require_serial"`
	MinimumPreCommitVersion string   `yaml:"minimum_pre_commit_version"`
}

// TestPreCommitHooks checks the hook manifest: the hook ids users put in
// their .pre-commit-config.yaml, and that each hook runs the CLI's check
// command on the files pre-commit passes.
func TestPreCommitHooks(t *testing.T) {
	var hooks []preCommitHook
	decodeStrict(t, ".pre-commit-hooks.yaml", readRepoFile(t, ".pre-commit-hooks.yaml"), &hooks)

	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		if _, dup := byID[h.ID]; dup {
			t.Errorf("hook id %q appears twice", h.ID)
		}
		byID[h.ID] = h
		if h.ID == "" || h.Name == "" || h.Entry == "" || h.Language == "" {
			t.Errorf("hook %q: id, name, entry and language are required", h.ID)
		}
		if h.Description == "" {
			t.Errorf("hook %q: no description", h.ID)
		}
		if h.Language != "golang" {
			t.Errorf("hook %q: language %q, want golang (built from this repository)", h.ID, h.Language)
		}
		if h.Entry != "redis-lua-lint check" {
			t.Errorf("hook %q: entry %q, want %q", h.ID, h.Entry, "redis-lua-lint check")
		}
		if h.PassFilenames != nil && !*h.PassFilenames && len(h.Args) == 0 {
			t.Errorf("hook %q: pass_filenames is false and no args: the CLI would check the current directory by accident", h.ID)
		}
		if len(h.Types) == 0 && len(h.TypesOr) == 0 && h.Files == "" {
			t.Errorf("hook %q: no types/files filter: it would receive every file", h.ID)
		}
	}
	main, ok := byID["redis-lua-lint"]
	if !ok {
		t.Fatal(`hook "redis-lua-lint" is missing`)
	}
	if !slices.Equal(main.Types, []string{"lua"}) {
		t.Errorf(`hook "redis-lua-lint": types %v, want [lua]`, main.Types)
	}
	if main.PassFilenames != nil && !*main.PassFilenames {
		t.Errorf(`hook "redis-lua-lint": pass_filenames is false; it must check the staged files`)
	}
	// The CLI lints in parallel itself; pre-commit's batches would each
	// print their own report and summary line.
	if main.RequireSerial == nil || !*main.RequireSerial {
		t.Errorf(`hook "redis-lua-lint": require_serial is not true; the staged files would be split into several reports`)
	}
	goHook, ok := byID["redis-lua-lint-go"]
	if !ok {
		t.Fatal(`hook "redis-lua-lint-go" is missing`)
	}
	// Go files are type-checked with their whole package, so the hook
	// checks the module, not the staged files one by one.
	if !slices.Equal(goHook.Types, []string{"go"}) || goHook.PassFilenames == nil || *goHook.PassFilenames ||
		!slices.Equal(goHook.Args, []string{"./..."}) {
		t.Errorf(`hook "redis-lua-lint-go": types %v, pass_filenames %v, args %v; want [go], false, [./...]`,
			goHook.Types, goHook.PassFilenames, goHook.Args)
	}
}

// problemMatcher is the GitHub Actions problem-matcher file format.
type problemMatcher struct {
	ProblemMatcher []struct {
		Owner    string `json:"owner"`
		Severity string `json:"severity"`
		Pattern  []struct {
			Regexp   string `json:"regexp"`
			File     int    `json:"file"`
			Line     int    `json:"line"`
			Column   int    `json:"column"`
			Severity int    `json:"severity"`
			Message  int    `json:"message"`
			Code     int    `json:"code"`
		} `json:"pattern"`
	} `json:"problemMatcher"`
}

// matcherHit is what one problem-matcher pattern captured from a line.
type matcherHit struct {
	owner, file, line, column, severity, message, code string
}

// loadMatcher parses .github/redis-lua-lint-matcher.json and returns a
// function that applies it to one line of output the way the Actions runner
// does: the first matcher whose pattern matches wins.
func loadMatcher(t *testing.T) (pm problemMatcher, run func(line string) (matcherHit, bool)) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(readRepoFile(t, ".github/redis-lua-lint-matcher.json"))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pm); err != nil {
		t.Fatalf("matcher: %v", err)
	}
	if len(pm.ProblemMatcher) == 0 {
		t.Fatal("matcher: no problemMatcher entries")
	}
	compiled := make([]*regexp.Regexp, len(pm.ProblemMatcher))
	for i, m := range pm.ProblemMatcher {
		if len(m.Pattern) != 1 {
			t.Fatalf("matcher %q: want exactly one pattern, got %d", m.Owner, len(m.Pattern))
		}
		re, err := regexp.Compile(m.Pattern[0].Regexp)
		if err != nil {
			t.Fatalf("matcher %q: %v", m.Owner, err)
		}
		compiled[i] = re
	}
	run = func(line string) (matcherHit, bool) {
		for i, m := range pm.ProblemMatcher {
			p := m.Pattern[0]
			sub := compiled[i].FindStringSubmatch(line)
			if sub == nil {
				continue
			}
			group := func(i int) string {
				if i <= 0 || i >= len(sub) {
					return ""
				}
				return sub[i]
			}
			sev := group(p.Severity)
			if sev == "" {
				sev = m.Severity
			}
			return matcherHit{m.Owner, group(p.File), group(p.Line), group(p.Column), sev, group(p.Message), group(p.Code)}, true
		}
		return matcherHit{}, false
	}
	return pm, run
}

// TestProblemMatcher runs the matcher's patterns (GitHub evaluates them as
// JavaScript regular expressions; these use only syntax RE2 shares) over
// lines in the text printer's documented format and checks what each
// captures, including that snippet, note and summary lines match nothing.
func TestProblemMatcher(t *testing.T) {
	pm, run := loadMatcher(t)
	type match = matcherHit

	// Owners used by action.yml's ::remove-matcher:: lines.
	action := string(readRepoFile(t, "action.yml"))
	for _, m := range pm.ProblemMatcher {
		if !strings.Contains(action, "::remove-matcher owner="+m.Owner+"::") {
			t.Errorf("action.yml does not remove matcher owner %q after the run", m.Owner)
		}
	}

	tests := []struct {
		line string
		want *match
	}{
		{
			line: "scripts/rate.lua:16:20: error: key built by concatenation: pass the whole key in KEYS [dynamic-key]",
			want: &match{"redis-lua-lint", "scripts/rate.lua", "16", "20", "error", "key built by concatenation: pass the whole key in KEYS", "dynamic-key"},
		},
		{
			line: "a b/lock.lua:3:1: warning: key 'lock:orders' is a literal [hardcoded-key]",
			want: &match{"redis-lua-lint", "a b/lock.lua", "3", "1", "warning", "key 'lock:orders' is a literal", "hardcoded-key"},
		},
		{
			// Severities GitHub has no name for map to notice.
			line: "q.lua:9:14: info: LRANGE 0 -1 reads the whole list [unbounded-read]",
			want: &match{"redis-lua-lint-info", "q.lua", "9", "14", "notice", "LRANGE 0 -1 reads the whole list", "unbounded-read"},
		},
		{
			// Coloured output, should --color be forced on.
			line: "\x1b[1mq.lua:9:14: \x1b[1;31merror\x1b[0m: message with [brackets] inside [syntax-error]",
			want: &match{"redis-lua-lint", "q.lua", "9", "14", "error", "message with [brackets] inside", "syntax-error"},
		},
		{
			// A Windows path with a drive letter.
			line: `C:\work\my scripts\a.lua:3:1: warning: m [hardcoded-key]`,
			want: &match{"redis-lua-lint", `C:\work\my scripts\a.lua`, "3", "1", "warning", "m", "hardcoded-key"},
		},
		{line: "   |"},
		{line: "16 | redis.call('INCR', 'rate:' .. user)"},
		{line: "   |                    ^~~~~~~~~~~~~~~"},
		{line: "scripts/x.lua:3:1: note: first write here"},
		{line: "   = help: use redis.pcall"},
		{line: "scripts/x.lua: error: open scripts/x.lua: permission denied"},
		{line: "2 errors, 1 warning in 3 files"},
	}
	for _, tt := range tests {
		got, ok := run(tt.line)
		switch {
		case tt.want == nil && ok:
			t.Errorf("line %q matched %+v, want no match", tt.line, got)
		case tt.want != nil && !ok:
			t.Errorf("line %q matched nothing, want %+v", tt.line, *tt.want)
		case tt.want != nil && got != *tt.want:
			t.Errorf("line %q:\n got %+v\nwant %+v", tt.line, got, *tt.want)
		}
	}
}

// TestProblemMatcherOnTextOutput feeds the real text printer's output (as
// the action runs it: --color never) through the matcher: every finding is
// matched once with its position, severity and rule, and nothing else is.
func TestProblemMatcherOnTextOutput(t *testing.T) {
	_, run := loadMatcher(t)

	src := []byte("local n = ARGV[1]\nkey = 'rate:' .. n\nlocal x = redis.call('INCR', key)\n  return x / 2\n")
	lines := luaast.NewLineIndex(src)
	span := func(text string) luaast.Span {
		i := bytes.Index(src, []byte(text))
		if i < 0 {
			t.Fatalf("%q not in the source", text)
		}
		return luaast.Span{Start: luaast.Pos(i), End: luaast.Pos(i + len(text))}
	}
	results := []lint.FileResult{
		{
			Path:  "dir with space/rate.lua",
			Src:   src,
			Lines: lines,
			Diagnostics: []analyzer.Diagnostic{
				{RuleID: "global-assignment", Severity: analyzer.SeverityError, Message: "assignment to global 'key': declare it with 'local key'", Span: span("key"),
					Fixes: []analyzer.Fix{{Message: "declare 'key' as a local", Edits: []analyzer.Edit{{Span: span("key ="), NewText: "local key ="}}}}},
				{RuleID: "dynamic-key", Severity: analyzer.SeverityWarning, Message: "key built by concatenation [of ARGV]: pass the whole key in KEYS", Span: span("key)"),
					Related: []analyzer.Related{{Span: span("'rate:' .. n"), Message: "the key is built here"}}},
				{RuleID: "float-return", Severity: analyzer.SeverityInfo, Message: "the reply truncates 'x / 2' toward zero", Span: span("x / 2")},
			},
		},
		{Path: "missing.lua", Err: errors.New("open missing.lua: no such file or directory")},
	}
	// With colour too (--color always, or FORCE_COLOR-style setups): the
	// printer's escapes sit around the position, the severity and the
	// rule ID, and the matcher must see through them.
	for _, color := range []bool{false, true} {
		var out bytes.Buffer
		if err := report.Text(&out, results, report.TextOptions{Color: color}); err != nil {
			t.Fatal(err)
		}
		checkMatcherHits(t, run, out.String())
	}
}

// checkMatcherHits runs the matcher over the text output of
// TestProblemMatcherOnTextOutput's results.
func checkMatcherHits(t *testing.T, run func(string) (matcherHit, bool), out string) {
	t.Helper()

	want := []matcherHit{
		{"redis-lua-lint", "dir with space/rate.lua", "2", "1", "error", "assignment to global 'key': declare it with 'local key'", "global-assignment"},
		{"redis-lua-lint", "dir with space/rate.lua", "3", "30", "warning", "key built by concatenation [of ARGV]: pass the whole key in KEYS", "dynamic-key"},
		{"redis-lua-lint-info", "dir with space/rate.lua", "4", "10", "notice", "the reply truncates 'x / 2' toward zero", "float-return"},
	}
	var got []matcherHit
	for _, line := range strings.Split(out, "\n") {
		if hit, ok := run(line); ok {
			got = append(got, hit)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("matches in the text output:\n got %+v\nwant %+v\noutput:\n%q", got, want, out)
	}
}

// installScriptCall is how a step runs a subcommand of
// scripts/action-install.sh.
var installScriptCall = regexp.MustCompile(`bash "\$GITHUB_ACTION_PATH/scripts/action-install\.sh" ([a-z]+)`)

// installScriptOutputs returns the outputs a step's run script sets
// through scripts/action-install.sh: the names its `output NAME VALUE`
// calls give in the subcommand's function.
func installScriptOutputs(t *testing.T, run string) []string {
	t.Helper()
	m := installScriptCall.FindStringSubmatch(run)
	if m == nil {
		return nil
	}
	src := string(readRepoFile(t, "scripts/action-install.sh"))
	start := strings.Index(src, "\n"+m[1]+"() {\n")
	if start < 0 {
		t.Fatalf("scripts/action-install.sh has no function %s for the subcommand", m[1])
		return nil
	}
	body, _, found := strings.Cut(src[start:], "\n}\n")
	if !found {
		t.Fatalf("scripts/action-install.sh: function %s has no end", m[1])
	}
	var outs []string
	for _, o := range regexp.MustCompile(`\boutput ([a-z-]+) `).FindAllStringSubmatch(body, -1) {
		if !slices.Contains(outs, o[1]) {
			outs = append(outs, o[1])
		}
	}
	return outs
}
