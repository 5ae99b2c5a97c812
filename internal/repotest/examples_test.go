package repotest

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
)

// exampleNames are the scripts in examples/, each as <name>.bad.lua and
// <name>.good.lua.
var exampleNames = []string{
	"inventory-reservation",
	"leaderboard",
	"library",
	"lock-release",
	"queue-move",
	"rate-limiter",
}

// TestMain keeps one redis-server for the whole test binary.
func TestMain(m *testing.M) { os.Exit(redistest.Main(m)) }

// TestExamplesComplete checks that examples/ holds exactly the bad/good
// pairs above and that examples/README.md documents each of them.
func TestExamplesComplete(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "examples")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".lua") {
			got = append(got, e.Name())
		}
	}
	var want []string
	for _, n := range exampleNames {
		want = append(want, n+".bad.lua", n+".good.lua")
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("examples/*.lua = %v\nwant %v", got, want)
	}
	readme := string(readRepoFile(t, "examples/README.md"))
	for _, n := range exampleNames {
		if !strings.Contains(readme, "| `"+n+"` |") {
			t.Errorf("examples/README.md: no table row for %s", n)
		}
		if !strings.Contains(readme, "### "+n+".good.lua") {
			t.Errorf("examples/README.md: no section on running %s.good.lua", n)
		}
	}
}

// step is one command of an example scenario. Exactly one of eval, fcall
// and cmd is set. want is the reply as Reply.String renders it; wantErr,
// when set, is a prefix of the expected error text.
type step struct {
	eval    string   // example file to run with EVAL
	fcall   string   // function to call with FCALL
	cmd     []string // a plain command
	keys    []string
	args    []string
	want    string
	wantErr string
	// inRange, when set, accepts an integer reply in [lo, hi] instead of
	// want (a TTL, which may tick down while the test runs).
	inRange *[2]int64
}

// exampleServer returns a redis-server of this test binary's own. The
// scenarios below count on their keys staying put between commands, and
// other packages' tests run FLUSHALL on the shared server named by
// REDIS_LUA_LINT_REDIS_ADDR while these run.
func exampleServer(t *testing.T) *redistest.Server {
	t.Helper()
	t.Setenv(redistest.EnvAddr, "")
	return redistest.Start(t)
}

// runSteps runs the steps in order on srv.
func runSteps(t *testing.T, srv *redistest.Server, steps []step) {
	t.Helper()
	root := repoRoot(t)
	for i, st := range steps {
		var (
			rep  redistest.Reply
			err  error
			what string
		)
		switch {
		case st.eval != "":
			what = "EVAL " + st.eval + " " + strings.Join(append(slices.Clone(st.keys), st.args...), " ")
			src, rerr := os.ReadFile(filepath.Join(root, "examples", st.eval))
			if rerr != nil {
				t.Fatal(rerr)
			}
			rep, err = srv.Eval(string(src), st.keys, st.args)
		case st.fcall != "":
			argv := append([]string{"FCALL", st.fcall, strconv.Itoa(len(st.keys))}, st.keys...)
			argv = append(argv, st.args...)
			what = strings.Join(argv, " ")
			rep, err = srv.Do(argv...)
		default:
			what = strings.Join(st.cmd, " ")
			rep, err = srv.Do(st.cmd...)
		}
		var rerr *redistest.ReplyError
		switch {
		case st.wantErr != "":
			if !errors.As(err, &rerr) || !strings.HasPrefix(rerr.Msg, st.wantErr) {
				t.Errorf("step %d: %s: got %v, %v; want error %q...", i, what, rep, err, st.wantErr)
			}
		case err != nil:
			t.Errorf("step %d: %s: %v", i, what, err)
		case st.inRange != nil:
			if rep.Kind != redistest.KindInt || rep.Int < st.inRange[0] || rep.Int > st.inRange[1] {
				t.Errorf("step %d: %s = %s, want an integer in %v", i, what, rep, *st.inRange)
			}
		case rep.String() != st.want:
			t.Errorf("step %d: %s = %s, want %s", i, what, rep, st.want)
		}
	}
}

// TestGoodExamplesRun runs every examples/*.good.lua the way
// examples/README.md shows, and checks the replies and the data left
// behind: the good versions must be correct Redis scripts, not just clean
// lint output.
func TestGoodExamplesRun(t *testing.T) {
	srv := exampleServer(t)
	// Unique keys, so a rerun against a kept server starts clean.
	tag := "repotest-" + strconv.Itoa(os.Getpid())
	k := func(format string) string { return strings.ReplaceAll(format, "TAG", tag) }

	tests := []struct {
		name  string
		steps []step
	}{
		{"rate-limiter", []step{
			{eval: "rate-limiter.good.lua", keys: []string{k("rate:{TAG}")}, args: []string{"2", "60"}, want: "int:1"},
			{eval: "rate-limiter.good.lua", keys: []string{k("rate:{TAG}")}, args: []string{"2", "60"}, want: "int:1"},
			{eval: "rate-limiter.good.lua", keys: []string{k("rate:{TAG}")}, args: []string{"2", "60"}, want: "int:0"},
			{cmd: []string{"TTL", k("rate:{TAG}")}, inRange: &[2]int64{1, 60}},
			{eval: "rate-limiter.good.lua", keys: []string{k("rate:{TAG}:b")}, args: []string{"x", "60"}, wantErr: "ERR limit and window must be positive numbers"},
			{eval: "rate-limiter.good.lua", keys: []string{k("rate:{TAG}:b")}, args: []string{"5", "1.5"}, wantErr: "ERR limit and window must be positive numbers"},
			{cmd: []string{"EXISTS", k("rate:{TAG}:b")}, want: "int:0"},
		}},
		{"lock-release", []step{
			{cmd: []string{"SET", k("lock:{TAG}"), "tok1", "NX", "PX", "60000"}, want: "status:OK"},
			{eval: "lock-release.good.lua", keys: []string{k("lock:{TAG}")}, args: []string{"tok2"}, want: "int:0"},
			{cmd: []string{"GET", k("lock:{TAG}")}, want: `bulk:"tok1"`},
			{eval: "lock-release.good.lua", keys: []string{k("lock:{TAG}")}, args: []string{"tok1"}, want: "int:1"},
			{eval: "lock-release.good.lua", keys: []string{k("lock:{TAG}")}, args: []string{"tok1"}, want: "int:0"},
		}},
		{"inventory-reservation", []step{
			{cmd: []string{"SET", k("stock:{TAG}"), "5"}, want: "status:OK"},
			{eval: "inventory-reservation.good.lua", keys: []string{k("stock:{TAG}"), k("reservations:{TAG}")}, args: []string{"3", "order-1"}, want: "int:2"},
			{eval: "inventory-reservation.good.lua", keys: []string{k("stock:{TAG}"), k("reservations:{TAG}")}, args: []string{"3", "order-2"}, wantErr: "ERR not enough stock"},
			{eval: "inventory-reservation.good.lua", keys: []string{k("stock:{TAG}"), k("reservations:{TAG}")}, args: []string{"1.5", "order-3"}, wantErr: "ERR quantity must be a positive integer"},
			{eval: "inventory-reservation.good.lua", keys: []string{k("stock:{TAG}"), k("reservations:{TAG}")}, args: []string{"-1", "order-4"}, wantErr: "ERR quantity must be a positive integer"},
			{cmd: []string{"GET", k("stock:{TAG}")}, want: `bulk:"2"`},
			{cmd: []string{"HGETALL", k("reservations:{TAG}")}, want: `[bulk:"order-1" bulk:"3"]`},
			// A missing counter is no stock at all.
			{eval: "inventory-reservation.good.lua", keys: []string{k("stock:{TAG}:none"), k("reservations:{TAG}")}, args: []string{"1", "order-5"}, wantErr: "ERR not enough stock"},
		}},
		{"queue-move", []step{
			{cmd: []string{"RPUSH", k("queue:{TAG}:pending"), "j1", "j2", "j3"}, want: "int:3"},
			{eval: "queue-move.good.lua", keys: []string{k("queue:{TAG}:pending"), k("queue:{TAG}:active")}, args: []string{"2"}, want: "int:2"},
			{eval: "queue-move.good.lua", keys: []string{k("queue:{TAG}:pending"), k("queue:{TAG}:active")}, args: []string{"10"}, want: "int:1"},
			{eval: "queue-move.good.lua", keys: []string{k("queue:{TAG}:pending"), k("queue:{TAG}:active")}, args: []string{"10"}, want: "int:0"},
			{cmd: []string{"LRANGE", k("queue:{TAG}:active"), "0", "-1"}, want: `[bulk:"j1" bulk:"j2" bulk:"j3"]`},
			{eval: "queue-move.good.lua", keys: []string{k("queue:{TAG}:pending"), k("queue:{TAG}:active")}, args: []string{"0"}, wantErr: "ERR count must be a positive integer"},
		}},
		{"leaderboard", []step{
			{eval: "leaderboard.good.lua", keys: []string{k("leaderboard:{TAG}")}, args: []string{"alice", "10", "3"}, want: `[int:0 [bulk:"alice" bulk:"10"]]`},
			{eval: "leaderboard.good.lua", keys: []string{k("leaderboard:{TAG}")}, args: []string{"bob", "15", "3"}, want: `[int:0 [bulk:"bob" bulk:"15" bulk:"alice" bulk:"10"]]`},
			{eval: "leaderboard.good.lua", keys: []string{k("leaderboard:{TAG}")}, args: []string{"alice", "7.5", "1"}, want: `[int:0 [bulk:"alice" bulk:"17.5"]]`},
			{eval: "leaderboard.good.lua", keys: []string{k("leaderboard:{TAG}")}, args: []string{"carol", "1", "1000"}, want: `[int:2 [bulk:"alice" bulk:"17.5" bulk:"bob" bulk:"15" bulk:"carol" bulk:"1"]]`},
			{eval: "leaderboard.good.lua", keys: []string{k("leaderboard:{TAG}")}, args: []string{"dave", "lots", "3"}, wantErr: "ERR increment must be a number and top at least 1"},
			{cmd: []string{"ZCARD", k("leaderboard:{TAG}")}, want: "int:3"},
		}},
		{"library", []step{
			{fcall: "incr_capped", keys: []string{k("counter:{TAG}")}, args: []string{"3", "5"}, want: "int:3"},
			{fcall: "incr_capped", keys: []string{k("counter:{TAG}")}, args: []string{"3", "5"}, wantErr: "ERR cap exceeded"},
			{fcall: "incr_capped", keys: []string{k("counter:{TAG}")}, args: []string{"1.5", "5"}, wantErr: "ERR increment must be an integer and cap a number"},
			{cmd: []string{"FCALL_RO", "peek", "1", k("counter:{TAG}")}, want: `bulk:"3"`},
			{cmd: []string{"FCALL_RO", "peek", "1", k("counter:{TAG}:none")}, want: "nil"},
		}},
	}

	src, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "library.good.lua"))
	if err != nil {
		t.Fatal(err)
	}
	lib, err := srv.FunctionLoad(string(src), true)
	if err != nil {
		t.Fatalf("FUNCTION LOAD library.good.lua: %v", err)
	}
	if lib != "counters" {
		t.Errorf("FUNCTION LOAD library.good.lua = %q, want counters", lib)
	}
	t.Cleanup(func() {
		if _, err := srv.Do("FUNCTION", "DELETE", lib); err != nil {
			t.Errorf("FUNCTION DELETE %s: %v", lib, err)
		}
	})

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runSteps(t, srv, tt.steps)
		})
	}
}

// TestBadExamplesFail shows, on a real server, the failure each bad example
// describes in its header (where running it is safe: the ones that take
// literal keys or scan the keyspace are only compiled).
func TestBadExamplesFail(t *testing.T) {
	srv := exampleServer(t)
	tag := "repotest-bad-" + strconv.Itoa(os.Getpid())
	k := func(format string) string { return strings.ReplaceAll(format, "TAG", tag) }

	// Every EVAL example compiles: the problems are in what it does.
	for _, n := range exampleNames {
		if n == "library" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", n+".bad.lua"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := srv.ScriptLoad(string(src)); err != nil {
			t.Errorf("SCRIPT LOAD %s.bad.lua: %v", n, err)
		}
	}

	t.Run("rate-limiter", func(t *testing.T) {
		runSteps(t, srv, []step{
			// The global assignment is refused before anything runs.
			{eval: "rate-limiter.bad.lua", args: []string{tag, "2", "60"}, wantErr: "ERR user_script:12: Attempt to modify a readonly table"},
		})
	})
	t.Run("inventory-reservation", func(t *testing.T) {
		runSteps(t, srv, []step{
			{cmd: []string{"SET", k("stock:{TAG}"), "2"}, want: "status:OK"},
			{eval: "inventory-reservation.bad.lua", keys: []string{k("stock:{TAG}"), k("res:{TAG}")}, args: []string{"3", "o1"}, wantErr: "ERR user_script:16: not enough stock"},
			// The script raised, yet its DECRBY stays: no rollback.
			{cmd: []string{"GET", k("stock:{TAG}")}, want: `bulk:"-1"`},
		})
	})
	t.Run("queue-move", func(t *testing.T) {
		runSteps(t, srv, []step{
			// unpack of an empty list leaves RPUSH without values.
			{eval: "queue-move.bad.lua", keys: []string{k("queue:{TAG}")}, wantErr: "ERR Wrong number of args calling Redis command from script"},
		})
	})
	t.Run("library", func(t *testing.T) {
		src, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "library.bad.lua"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = srv.FunctionLoad(string(src), true)
		var rerr *redistest.ReplyError
		const want = "ERR Error registering functions: ERR user_function:10: Script attempted to access nonexistent global variable 'call'"
		if !errors.As(err, &rerr) || rerr.Msg != want {
			t.Errorf("FUNCTION LOAD library.bad.lua: %v, want error %q", err, want)
		}
	})
}
