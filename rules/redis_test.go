package rules_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestRedisFixtures confirms the fixtures' claims on a real server: every
// fixture with a `-- redis:` directive is run as Redis would run it (EVAL,
// or FUNCTION LOAD for a library, then FCALL with `-- redis-fcall:`), after
// FLUSHALL and its `-- redis-setup:` commands, and the reply must match
// the directive. When the server names the failing line
// (user_script:N / user_function:N) and the fixture expects findings, one
// of them must be on that line: the rule flags the line Redis fails on.
func TestRedisFixtures(t *testing.T) {
	type job struct {
		id string
		fx *ruletest.Fixture
	}
	var jobs []job
	for _, r := range rules.All() {
		files, _ := filepath.Glob(filepath.Join("testdata", r.ID, "*.lua"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fx, err := ruletest.ParseFixture(f, src)
			if err != nil {
				t.Error(err)
				continue
			}
			if fx.Redis != nil {
				jobs = append(jobs, job{r.ID, fx})
			}
		}
	}
	if len(jobs) == 0 {
		t.Skip("no fixture has a `-- redis:` directive")
	}
	srv := redistest.Start(t)
	for _, j := range jobs {
		t.Run(j.id+"/"+filepath.Base(j.fx.Path), func(t *testing.T) {
			runRedisFixture(t, srv, j.fx)
		})
	}
}

var failingLineRe = regexp.MustCompile(`user_(?:script|function):(\d+)`)

func runRedisFixture(t *testing.T, srv *redistest.Server, fx *ruletest.Fixture) {
	t.Helper()
	spec := fx.Redis
	if spec.Expect == ruletest.RedisSkip {
		t.Skipf("%s:%d: %s", fx.Path, spec.Line, spec.Text)
	}
	if err := srv.FlushAll(); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range spec.Setup {
		if _, err := srv.Do(cmd...); err != nil {
			t.Fatalf("%s: redis-setup %s: %v", fx.Path, strings.Join(cmd, " "), err)
		}
	}
	src := string(fx.Src)
	var (
		rep redistest.Reply
		err error
		how string
	)
	if lib, ok := libraryName(src); ok {
		how = "FUNCTION LOAD"
		var name string
		name, err = srv.FunctionLoad(src, true)
		rep = redistest.Reply{Kind: redistest.KindBulk, Str: name}
		if err == nil {
			t.Cleanup(func() {
				if _, err := srv.Do("FUNCTION", "DELETE", lib); err != nil {
					t.Errorf("%s: FUNCTION DELETE %s: %v", fx.Path, lib, err)
				}
			})
			if spec.FCall != "" {
				how = "FCALL " + spec.FCall
				argv := append([]string{"FCALL", spec.FCall, strconv.Itoa(len(spec.Keys))}, spec.Keys...)
				rep, err = srv.Do(append(argv, spec.Args...)...)
			}
		}
	} else {
		if spec.FCall != "" {
			t.Fatalf("%s: redis-fcall needs a library (#!lua name=...)", fx.Path)
		}
		how = "EVAL"
		rep, err = srv.Eval(src, spec.Keys, spec.Args)
	}
	var rerr *redistest.ReplyError
	if err != nil && !errors.As(err, &rerr) {
		t.Fatalf("%s: %s: %v (did the script crash the server? mark it `-- redis: skip (...)`)", fx.Path, how, err)
	}
	where := fx.Path + ":" + strconv.Itoa(spec.Line)
	switch spec.Expect {
	case ruletest.RedisOK:
		if err != nil {
			t.Errorf("%s: %s failed, the fixture says `redis: ok`: %v", where, how, err)
		}
	case ruletest.RedisReply:
		if err != nil {
			t.Errorf("%s: %s failed, want reply %s: %v", where, how, spec.Text, err)
		} else if rep.String() != spec.Text {
			t.Errorf("%s: %s replied %s, want %s", where, how, rep, spec.Text)
		}
	case ruletest.RedisError:
		if err == nil {
			t.Errorf("%s: %s succeeded (%s), want an error containing %q", where, how, rep, spec.Text)
			return
		}
		if !strings.Contains(rerr.Msg, spec.Text) {
			t.Errorf("%s: %s error %q does not contain %q", where, how, rerr.Msg, spec.Text)
		}
		if m := failingLineRe.FindStringSubmatch(rerr.Msg); m != nil && len(fx.Wants) > 0 {
			line, _ := strconv.Atoi(m[1])
			for _, w := range fx.Wants {
				if w.Line == line {
					return
				}
			}
			t.Errorf("%s: Redis fails on line %d (%q) but the fixture expects no finding there", fx.Path, line, rerr.Msg)
		}
	}
}

// libraryName reports whether src is a Functions library as FUNCTION LOAD
// and EVAL tell them apart: a "#!" first line with a name= option (the key
// is matched case-insensitively, as Redis does).
func libraryName(src string) (string, bool) {
	if !strings.HasPrefix(src, "#!") {
		return "", false
	}
	first, _, _ := strings.Cut(src, "\n")
	for _, tok := range strings.Fields(first)[1:] {
		k, v, ok := strings.Cut(tok, "=")
		if ok && strings.EqualFold(k, "name") {
			return strings.Trim(v, `"'`), true
		}
	}
	return "", false
}

// TestRedisShebangScriptLoad confirms that SCRIPT LOAD rejects the bad EVAL
// shebangs of the invalid-shebang fixtures with the same text as EVAL:
// the server checks the line before running anything, so the script cache
// never holds such a script.
func TestRedisShebangScriptLoad(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "invalid-shebang", "*.lua"))
	var fixtures []*ruletest.Fixture
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fx, err := ruletest.ParseFixture(f, src)
		if err != nil {
			t.Fatal(err)
		}
		if _, lib := libraryName(string(src)); !lib && fx.Redis != nil && fx.Redis.Expect == ruletest.RedisError {
			fixtures = append(fixtures, fx)
		}
	}
	if len(fixtures) == 0 {
		t.Skip("no EVAL shebang fixture expects an error")
	}
	srv := redistest.Start(t)
	for _, fx := range fixtures {
		t.Run(filepath.Base(fx.Path), func(t *testing.T) {
			_, err := srv.ScriptLoad(string(fx.Src))
			var rerr *redistest.ReplyError
			if !errors.As(err, &rerr) || !strings.Contains(rerr.Msg, fx.Redis.Text) {
				t.Errorf("%s: SCRIPT LOAD returned %v, want an error containing %q", fx.Path, err, fx.Redis.Text)
			}
		})
	}
}

// TestRedisShebangWithoutNewline confirms the invalid-shebang cases a
// fixture file cannot hold: a script that is only its "#!" line.
func TestRedisShebangWithoutNewline(t *testing.T) {
	srv := redistest.Start(t)
	if _, err := srv.Eval("#!lua", nil, nil); err == nil || !strings.Contains(err.Error(), "Invalid script shebang") {
		t.Errorf("EVAL '#!lua': %v, want \"Invalid script shebang\"", err)
	}
	if _, err := srv.ScriptLoad("#!lua flags=no-writes"); err == nil || !strings.Contains(err.Error(), "Invalid script shebang") {
		t.Errorf("SCRIPT LOAD '#!lua flags=no-writes': %v, want \"Invalid script shebang\"", err)
	}
	if _, err := srv.FunctionLoad("#!lua name=is_no_newline", true); err == nil || !strings.Contains(err.Error(), "Invalid library metadata") {
		t.Errorf("FUNCTION LOAD '#!lua name=x': %v, want \"Invalid library metadata\"", err)
	}
}
