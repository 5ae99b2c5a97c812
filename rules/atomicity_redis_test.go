package rules_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestRedisNoRollback confirms write-before-validation's premise on a real
// server: a script that fails after a write leaves the write in place,
// and one that fails before its first write (or after a write that changed
// nothing) leaves the data as it was. Each write-before-validation fixture
// with a `-- redis: error` directive and `-- state-after: CMD ARGS =>
// REPLY` lines is run (after FLUSHALL and its setup); the script must fail,
// then every CMD must reply REPLY (rendered as redistest.Reply.String()).
func TestRedisNoRollback(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "write-before-validation", "*.lua"))
	type check struct {
		cmd  []string
		want string
	}
	type job struct {
		fx     *ruletest.Fixture
		checks []check
	}
	var jobs []job
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fx, err := ruletest.ParseFixture(f, src)
		if err != nil {
			t.Fatal(err)
		}
		var checks []check
		sc := bufio.NewScanner(bytes.NewReader(src))
		for sc.Scan() {
			_, rest, ok := strings.Cut(sc.Text(), "-- state-after:")
			if !ok {
				continue
			}
			cmd, want, ok := strings.Cut(rest, "=>")
			if !ok || len(strings.Fields(cmd)) == 0 {
				t.Fatalf("%s: malformed state-after line %q (want `-- state-after: CMD ARGS => REPLY`)", f, sc.Text())
			}
			checks = append(checks, check{strings.Fields(cmd), strings.TrimSpace(want)})
		}
		if len(checks) == 0 {
			continue
		}
		if fx.Redis == nil || fx.Redis.Expect != ruletest.RedisError {
			t.Fatalf("%s: state-after needs a `-- redis: error \"...\"` directive", f)
		}
		jobs = append(jobs, job{fx, checks})
	}
	if len(jobs) == 0 {
		t.Fatal("no write-before-validation fixture has a state-after check")
	}
	srv := redistest.Start(t)
	for _, j := range jobs {
		t.Run(filepath.Base(j.fx.Path), func(t *testing.T) {
			if err := srv.FlushAll(); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range j.fx.Redis.Setup {
				if _, err := srv.Do(cmd...); err != nil {
					t.Fatalf("setup %v: %v", cmd, err)
				}
			}
			_, err := srv.Eval(string(j.fx.Src), j.fx.Redis.Keys, j.fx.Redis.Args)
			if err == nil || !strings.Contains(err.Error(), j.fx.Redis.Text) {
				t.Fatalf("EVAL: %v, want an error containing %q", err, j.fx.Redis.Text)
			}
			for _, c := range j.checks {
				rep, err := srv.Do(c.cmd...)
				if err != nil {
					t.Fatalf("%v: %v", c.cmd, err)
				}
				if rep.String() != c.want {
					t.Errorf("after the failed script, %s replied %s, want %s", strings.Join(c.cmd, " "), rep, c.want)
				}
			}
		})
	}
}
