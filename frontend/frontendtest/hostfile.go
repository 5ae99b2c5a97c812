package frontendtest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// CheckFixInHost lints src (read as the file path) with fe, applies the
// fixes of the findings of rule to the host file, and fails t unless the
// one script fe finds in the fixed file holds want: the edits landed
// inside the literals, written in their forms.
func CheckFixInHost(t *testing.T, fe frontend.Frontend, path, src, rule, want string) {
	t.Helper()
	res, ok := frontend.Check(Engine(), fe, path, []byte(src))
	if !ok {
		t.Fatal("no script found")
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	for _, d := range res.Diagnostics {
		if d.RuleID != rule {
			continue
		}
		for _, f := range d.Fixes {
			for _, e := range f.Edits {
				edits = append(edits, edit{int(e.Span.Start), int(e.Span.End), e.NewText})
			}
		}
	}
	if len(edits) == 0 {
		t.Fatalf("no fix offered: %+v", res.Diagnostics)
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	fixed := src
	for _, e := range edits {
		fixed = fixed[:e.start] + e.text + fixed[e.end:]
	}
	found, err := fe.Find(path, []byte(fixed))
	if err != nil || found == nil || len(found.Scripts) != 1 {
		n := 0
		if found != nil {
			n = len(found.Scripts)
		}
		t.Fatalf("fixed file %q: %v, %d scripts", fixed, err, n)
	}
	if text := string(found.Scripts[0].Text); !strings.Contains(text, want) {
		t.Errorf("fixed script %q does not hold %q (file %q)", text, want, fixed)
	}
}

// CheckScriptsLoadOnRedis checks on a real server that the text fe
// decodes from the files matching the glob pattern is Lua that Redis
// compiles: every script without a placeholder that our parser reads is
// accepted by SCRIPT LOAD (FUNCTION LOAD for a library). It fails when
// fewer than least scripts were loaded (the fixtures lost their scripts).
func CheckScriptsLoadOnRedis(t *testing.T, fe frontend.Frontend, pattern string, least int) {
	t.Helper()
	srv := redistest.Start(t)
	files, _ := filepath.Glob(pattern)
	n := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		found, _ := fe.Find(p, src)
		if found == nil {
			continue
		}
		for _, s := range found.Scripts {
			if len(s.Placeholders) > 0 {
				continue
			}
			if _, err := luaast.Parse(p, s.Text); err != nil {
				continue
			}
			n++
			if strings.HasPrefix(string(s.Text), "#!lua") {
				if _, err := srv.FunctionLoad(string(s.Text), true); err != nil {
					t.Errorf("%s: FUNCTION LOAD of %q: %v", p, s.Text, err)
				}
				continue
			}
			if _, err := srv.ScriptLoad(string(s.Text)); err != nil {
				t.Errorf("%s: SCRIPT LOAD of %q: %v", p, s.Text, err)
			}
		}
	}
	if n < least {
		t.Errorf("only %d scripts loaded: the fixtures lost their scripts", n)
	}
}

// CheckNoScript checks that the file at path, which names Redis (MayHold
// is true), holds no script: Check does not return it as a result.
func CheckNoScript(t *testing.T, fe frontend.Frontend, path string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !fe.MayHold(src) {
		t.Fatalf("MayHold(%s) is false: the test would not reach Find", path)
	}
	if res, ok := frontend.Check(Engine(), fe, path, src); ok {
		t.Errorf("Check(%s) = %+v, true; want false (no script)", path, res)
	}
}

// Dump logs what fe finds in the file named by the environment variable
// env, and the findings on it (a development aid; skipped without it).
func Dump(t *testing.T, fe frontend.Frontend, env string) {
	t.Helper()
	path := os.Getenv(env)
	if path == "" {
		t.Skip(env + " not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	found, _ := fe.Find(path, src)
	if found != nil {
		for _, s := range found.Scripts {
			t.Logf("script %q name=%q call=%+v\n%s", src[s.Whole.Start:min(s.Whole.End, s.Whole.Start+40)], s.Name, s.Call, s.Text)
		}
		for _, r := range found.Runtime {
			t.Logf("runtime %+v", r)
		}
	}
	res, _ := frontend.Check(Engine(), fe, path, src)
	lines := luaast.NewLineIndex(src)
	for _, d := range res.Diagnostics {
		pos := lines.Position(d.Span.Start)
		t.Logf("%d:%d %s[%s] %s  <<%s>>", pos.Line, pos.Column, d.RuleID, d.Severity, d.Message, src[d.Span.Start:d.Span.End])
	}
	if res.Err != nil {
		t.Log(res.Err)
	}
}
