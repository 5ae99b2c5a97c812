package lint

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestRecycler checks the recycler's bookkeeping: what it hands out is
// large enough and zero, a buffer comes back only once, the caller's
// sources and buffers over the bounds are never kept, and a full list
// keeps the largest buffers.
func TestRecycler(t *testing.T) {
	t.Run("nil", func(t *testing.T) {
		var rc *recycler
		if b := rc.source(100); len(b) != 0 || cap(b) < 100 {
			t.Errorf("source(100) = len %d cap %d", len(b), cap(b))
		}
		if d := rc.diagnostics(3); len(d) != 0 || cap(d) < 3 {
			t.Errorf("diagnostics(3) = len %d cap %d", len(d), cap(d))
		}
		if rc.result() == nil {
			t.Error("result() = nil")
		}
		rc.put(&result{}) // no panic
	})

	t.Run("reuse", func(t *testing.T) {
		rc := new(recycler)
		src := append(rc.source(1000), "local a = 1"...)
		diags := append(rc.diagnostics(2), analyzer.Diagnostic{RuleID: "x", Message: "m", Related: []analyzer.Related{{Message: "r"}}})
		r := rc.result()
		r.Src, r.ownSrc, r.Diagnostics = src, true, diags
		r.lines = *luaast.NewLineIndex(src)
		r.Lines = &r.lines
		rc.put(r)
		if r.Src != nil || r.Diagnostics != nil || r.Lines != nil || r.ownSrc || r.lines.LineCount() != 0 {
			t.Errorf("a recycled result is not zero: %+v", *r)
		}
		if got := rc.result(); got != r {
			t.Error("the recycled result was not reused")
		}
		// A smaller request gets the same buffer, zeroed.
		b := rc.source(10)
		if cap(b) != cap(src) || &b[:1][0] != &src[0] {
			t.Fatalf("source(10): a new buffer (cap %d), not the recycled one (cap %d)", cap(b), cap(src))
		}
		for i, c := range b[:cap(b)] {
			if c != 0 {
				t.Fatalf("recycled source buffer not zero at %d", i)
			}
		}
		if b2 := rc.source(10); cap(b2) > 0 && &b2[:1][0] == &src[0] {
			t.Error("one buffer handed out twice")
		}
		d := rc.diagnostics(1)
		if &d[:1][0] != &diags[0] {
			t.Fatal("diagnostics(1): not the recycled array")
		}
		for i := range d[:cap(d)] {
			if d[:cap(d)][i].RuleID != "" || d[:cap(d)][i].Related != nil {
				t.Fatalf("recycled findings array not zero at %d", i)
			}
		}
		// A larger request than any kept buffer gets a new one.
		if b := rc.source(1 << 16); cap(b) < 1<<16 {
			t.Errorf("source(64K) cap %d", cap(b))
		}
	})

	t.Run("not kept", func(t *testing.T) {
		rc := new(recycler)
		caller := []byte("local a = 1")
		rc.put(&result{FileResult: FileResult{Src: caller}})
		rc.put(&result{FileResult: FileResult{Src: make([]byte, 10, maxRecycledSrc+1), Diagnostics: make([]analyzer.Diagnostic, 1, maxRecycledDiags+1)}, ownSrc: true})
		if len(rc.srcs) != 0 || len(rc.diags) != 0 {
			t.Errorf("kept %d sources and %d arrays, want none", len(rc.srcs), len(rc.diags))
		}
		if string(caller) != "local a = 1" {
			t.Errorf("the caller's source was written: %q", caller)
		}
	})

	t.Run("largest kept", func(t *testing.T) {
		rc := new(recycler)
		for i := range maxRecycled + 4 {
			rc.put(&result{FileResult: FileResult{Src: make([]byte, 0, 100*(i+1))}, ownSrc: true})
		}
		if len(rc.srcs) != maxRecycled {
			t.Fatalf("%d buffers kept, want %d", len(rc.srcs), maxRecycled)
		}
		for _, b := range rc.srcs {
			if cap(b) <= 400 {
				t.Errorf("a small buffer (cap %d) kept over larger ones", cap(b))
			}
		}
		// Best fit: the smallest large enough.
		if b := rc.source(950); cap(b) != 1000 {
			t.Errorf("source(950) cap %d, want the 1000-byte buffer", cap(b))
		}
	})
}
