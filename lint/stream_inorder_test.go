package lint

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// TestStreamInOrderEmitsDuringDiscovery: with InOrder, a result is
// emitted while discover still runs (discover here waits for the first
// emission before adding the rest, under a time bound instead of a hang),
// results come in the order added, and what is emitted equals the run
// without InOrder on the same sorted sources.
func TestStreamInOrderEmitsDuringDiscovery(t *testing.T) {
	var paths []string
	for i := range 50 {
		paths = append(paths, fmt.Sprintf("f%03d.lua", i))
	}
	sources := func(add func(Source)) {
		for _, p := range paths {
			add(Source{Path: p, Src: []byte("local x = 1\nreturn x\n")})
		}
	}
	plain := checkStream(t, NewEngine(nil, nil, 2), func(_ *streamRun, add func(Source)) error {
		sources(add)
		return nil
	})
	e := NewEngine(nil, nil, 2)
	e.InOrder = true
	run := checkStream(t, e, func(run *streamRun, add func(Source)) error {
		add(Source{Path: "a.lua", Src: []byte("return 1\n")})
		for deadline := time.Now().Add(time.Minute); run.count.Load() == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				return fmt.Errorf("nothing emitted while discover runs")
			}
		}
		sources(add)
		return nil
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	if want := append([]string{"a.lua"}, paths...); !reflect.DeepEqual(run.emitted, want) {
		t.Errorf("emitted %q, want %q", run.emitted, want)
	}
	if !reflect.DeepEqual(plain.emitted, paths) || !sameResults(run.results[1:], plain.results) {
		t.Errorf("InOrder results differ from the sorted run's")
	}
}

// TestStreamInOrderBoundsPending: discover may run at most maxPending
// sources ahead of the last result emitted; a run of many more sources
// than that ends (under a time bound), in order, with every result.
func TestStreamInOrderBoundsPending(t *testing.T) {
	e := NewEngine(nil, nil, 2)
	e.InOrder = true
	n := 3*maxPending + 7
	maxAhead := 0
	done := make(chan *streamRun, 1)
	go func() {
		done <- checkStream(t, e, func(run *streamRun, add func(Source)) error {
			for i := range n {
				add(Source{Path: fmt.Sprintf("f%05d.lua", i), Src: []byte("return 1\n")})
				maxAhead = max(maxAhead, i+1-int(run.count.Load()))
			}
			return nil
		})
	}()
	var run *streamRun
	select {
	case run = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the run did not end: discover waits for room that never comes")
	}
	if run.err != nil || len(run.emitted) != n {
		t.Fatalf("%d results, %v; want %d", len(run.emitted), run.err, n)
	}
	for i, p := range run.emitted {
		if want := fmt.Sprintf("f%05d.lua", i); p != want {
			t.Fatalf("result %d is %s, want %s", i, p, want)
		}
	}
	// count lags the engine's tally by the result being emitted.
	if maxAhead > maxPending+1 {
		t.Errorf("discover ran %d sources ahead of the results emitted, more than %d", maxAhead, maxPending+1)
	}
}

// sameResults reports whether a and b hold the same results: paths,
// sources, findings and error texts.
func sameResults(a, b []FileResult) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		ea, eb := fmt.Sprint(a[i].Err), fmt.Sprint(b[i].Err)
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Src, b[i].Src) || ea != eb || !reflect.DeepEqual(a[i].Diagnostics, b[i].Diagnostics) {
			return false
		}
	}
	return true
}
