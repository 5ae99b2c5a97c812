package lint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// streamRun is what one CheckStream call did.
type streamRun struct {
	err     error
	emitted []string // paths, in emission order
	results []FileResult
	// count is len(emitted), safe to read while the run goes on.
	count atomic.Int32
}

// checkStream runs e.CheckStream with discover, recording what is emitted
// and failing the test if emit is ever called by two goroutines at once.
func checkStream(t *testing.T, e *Engine, discover func(run *streamRun, add func(Source)) error) *streamRun {
	t.Helper()
	run := new(streamRun)
	var inEmit atomic.Bool
	run.err = e.CheckStream(context.Background(), func(add func(Source)) error { return discover(run, add) }, func(r *FileResult) {
		if !inEmit.CompareAndSwap(false, true) {
			t.Errorf("emit called concurrently (at %s)", r.Path)
		}
		defer inEmit.Store(false)
		run.emitted = append(run.emitted, r.Path)
		run.results = append(run.results, *r)
		run.count.Add(1)
	})
	return run
}

// TestCheckStreamOrderWithFilesFinishingOutOfOrder holds the first file in
// its rule until every later file is done, so that all of them finish
// before it: none may be emitted before it, and the order is still by
// path.
func TestCheckStreamOrderWithFilesFinishingOutOfOrder(t *testing.T) {
	release := make(chan struct{})
	slow := &analyzer.Rule{ID: "slow", Severity: analyzer.SeverityWarning, Run: func(p *analyzer.Pass) {
		if p.File.Name == "a.lua" {
			<-release
		}
		p.Reportf(p.File.Block, "checked %s", p.File.Name)
	}}
	paths := []string{"a.lua", "c.lua", "b.lua", "d/e.lua", "d.lua"}
	var finished sync.Map
	var others atomic.Int32
	e := NewEngine([]*analyzer.Rule{slow}, nil, 2)
	e.Observe = func(s FileStats) {
		finished.Store(s.Path, true)
		if s.Path != "a.lua" && others.Add(1) == int32(len(paths)-1) {
			close(release)
		}
	}
	run := checkStream(t, e, func(_ *streamRun, add func(Source)) error {
		for _, p := range paths {
			add(Source{Path: p, Src: []byte("return 1\n")})
		}
		return nil
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	want := []string{"a.lua", "b.lua", "c.lua", "d.lua", "d/e.lua"}
	if !reflect.DeepEqual(run.emitted, want) {
		t.Errorf("emitted %q, want %q", run.emitted, want)
	}
	for _, r := range run.results {
		if len(r.Diagnostics) != 1 || r.Diagnostics[0].Message != "checked "+r.Path {
			t.Errorf("%s: findings %+v", r.Path, r.Diagnostics)
		}
	}
	// CheckFiles on the same sources returns the same results in the
	// same order.
	release = make(chan struct{})
	close(release)
	e.Observe = nil
	var srcs []Source
	for _, p := range paths {
		srcs = append(srcs, Source{Path: p, Src: []byte("return 1\n")})
	}
	if got := engineSummary(e.CheckFiles(context.Background(), srcs)); !reflect.DeepEqual(got, engineSummary(run.results)) {
		t.Errorf("CheckFiles = %q, CheckStream emitted %q", got, engineSummary(run.results))
	}
}

// TestCheckStreamWaitsForDiscovery checks that nothing is emitted before
// discover returns, even when every file added so far is done (a later
// source may sort first), and that workers idle while discover is slow
// pick up what it adds later.
func TestCheckStreamWaitsForDiscovery(t *testing.T) {
	e := NewEngine(engineTestRules(), nil, 2)
	linted := make(chan string, 10)
	e.Observe = func(s FileStats) { linted <- s.Path }
	run := checkStream(t, e, func(run *streamRun, add func(Source)) error {
		for _, p := range []string{"z.lua", "m.lua", "a.lua"} {
			add(Source{Path: p, Src: []byte("local " + p[:1] + " = 1\n")})
			// Wait until the file is linted: the workers then wait for
			// the next source.
			<-linted
		}
		if n := run.count.Load(); n != 0 {
			t.Errorf("%d results emitted before discovery ended", n)
		}
		return nil
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	if want := []string{"a.lua", "m.lua", "z.lua"}; !reflect.DeepEqual(run.emitted, want) {
		t.Errorf("emitted %q, want %q", run.emitted, want)
	}
	want := []string{"a.lua:1:1 hardcoded-key warning local a", "m.lua:1:1 hardcoded-key warning local m", "z.lua:1:1 hardcoded-key warning local z"}
	if got := engineSummary(run.results); !reflect.DeepEqual(got, want) {
		t.Errorf("results %q, want %q", got, want)
	}
}

// TestCheckStreamDiscoveryError checks that a discovery that fails midway
// emits nothing and returns its error, whatever was linted meanwhile.
func TestCheckStreamDiscoveryError(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		t.Run(fmt.Sprintf("j%d", jobs), func(t *testing.T) {
			e := NewEngine(engineTestRules(), nil, jobs)
			linted := make(chan string, 10)
			e.Observe = func(s FileStats) { linted <- s.Path }
			boom := errors.New("nope.lua: no such file or directory")
			run := checkStream(t, e, func(_ *streamRun, add func(Source)) error {
				add(Source{Path: "a.lua", Src: []byte("local a = 1\n")})
				<-linted // a.lua is done: only discovery holds its emission back
				add(Source{Path: "b.lua", Src: []byte("local b = 1\n")})
				return boom
			})
			if !errors.Is(run.err, boom) {
				t.Errorf("err = %v, want %v", run.err, boom)
			}
			if len(run.emitted) != 0 {
				t.Errorf("emitted %q after a failed discovery", run.emitted)
			}
		})
	}
}

// TestCheckStreamSkipsBinaryAndDuplicates checks that binary files are
// left out of the emitted results and that sources with the same path are
// emitted in the order added, as CheckFiles returns them.
func TestCheckStreamSkipsBinaryAndDuplicates(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "bin.lua")
	if err := os.WriteFile(bin, []byte("\x1bLuaQ\x00\x01\x04\x08"), 0o644); err != nil {
		t.Fatal(err)
	}
	var skipped []string
	var mu sync.Mutex
	e := NewEngine(engineTestRules(), nil, 2)
	e.Skip = func(path, reason string) {
		mu.Lock()
		defer mu.Unlock()
		skipped = append(skipped, path)
	}
	run := checkStream(t, e, func(_ *streamRun, add func(Source)) error {
		add(Source{Path: "x.lua", Src: []byte("local second = 1\n")})
		add(Source{Path: "bin.lua", File: bin})
		add(Source{Path: "x.lua", Src: []byte("local third = 1\n")})
		add(Source{Path: "a.lua", Src: []byte("local first = 1\n")})
		return nil
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	want := []string{"a.lua:1:1 hardcoded-key warning local first", "x.lua:1:1 hardcoded-key warning local second", "x.lua:1:1 hardcoded-key warning local third"}
	if got := engineSummary(run.results); !reflect.DeepEqual(got, want) {
		t.Errorf("results %q, want %q", got, want)
	}
	if !reflect.DeepEqual(skipped, []string{"bin.lua"}) {
		t.Errorf("skipped %q", skipped)
	}
}

// TestCheckStreamNoSources checks the empty run: no worker, nothing
// emitted.
func TestCheckStreamNoSources(t *testing.T) {
	run := checkStream(t, NewEngine(engineTestRules(), nil, 2), func(*streamRun, func(Source)) error { return nil })
	if run.err != nil || len(run.emitted) != 0 {
		t.Errorf("empty run: err %v, emitted %q", run.err, run.emitted)
	}
}
