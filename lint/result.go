package lint

import (
	"slices"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// FileResult is what linting one source file produced: the findings, with
// spans as byte offsets into Src. Src is the file as read from disk, which
// for a Go file with embedded scripts is the Go source (diagnostics are
// mapped into it), so printers never need to know where a script came from.
type FileResult struct {
	// Path is the file's path as the user should see it (relative to the
	// working directory where possible, slash-separated).
	Path  string
	Src   []byte
	Lines *luaast.LineIndex
	// Diagnostics are sorted by position, then rule ID; suppressed ones are
	// already removed.
	Diagnostics []analyzer.Diagnostic
	// Err is set when the file could not be read or analysed (an I/O error,
	// an internal error in a rule); Diagnostics may still hold findings.
	Err error
}

// result is the engine's storage of one file's result: the FileResult,
// the line index its Lines points to (one allocation rather than two),
// and whether Src was read by the engine (rather than given by the
// caller), so that its buffer may be reused.
type result struct {
	FileResult
	lines  luaast.LineIndex
	ownSrc bool
	// lineBuf is the array the engine's recycler gave for lines' starts
	// (see fileRun.lineStarts), taken back with the result.
	lineBuf []luaast.Pos
}

// recycler keeps the memory of results emitted and released (see
// Engine.CheckStreamRecycling) for the files linted next: source buffers,
// findings arrays and result objects. A run then touches much less fresh
// memory, which is what costs where the collector does not run (the
// command line turns it off): every new page is a page fault. It is
// shared by a stream's workers and the goroutine emitting; a nil
// *recycler allocates and keeps nothing.
//
// Only a few buffers are kept (about as many as files are in flight
// between reading and emission), the largest ones: a request takes the
// smallest that is large enough, so a buffer serves files of any smaller
// size.
type recycler struct {
	mu      sync.Mutex
	srcs    [][]byte
	diags   [][]analyzer.Diagnostic
	lines   [][]luaast.Pos
	results []*result
}

// Bounds of what a recycler keeps.
const (
	// maxRecycled is how many buffers of each kind are kept.
	maxRecycled = 16
	// maxRecycledSrc and maxRecycledDiags bound the buffers kept, so that
	// a run keeps no huge buffer for its small files.
	maxRecycledSrc   = 1 << 20
	maxRecycledDiags = 4096
	// maxRecycledLines bounds the line indexes kept (in line starts):
	// luaast.Parser asks for one only for scripts of at most 64 KiB.
	maxRecycledLines = 1 << 13
)

// result returns a zero result to fill.
func (rc *recycler) result() *result {
	if rc != nil {
		rc.mu.Lock()
		if n := len(rc.results); n > 0 {
			r := rc.results[n-1]
			rc.results[n-1] = nil
			rc.results = rc.results[:n-1]
			rc.mu.Unlock()
			return r
		}
		rc.mu.Unlock()
	}
	return new(result)
}

// source returns an empty buffer for a file of n bytes (at least n of
// capacity).
func (rc *recycler) source(n int) []byte {
	if rc == nil {
		return make([]byte, 0, n)
	}
	return take(rc, &rc.srcs, n)
}

// diagnostics returns an empty array for n findings.
func (rc *recycler) diagnostics(n int) []analyzer.Diagnostic {
	if rc == nil {
		return make([]analyzer.Diagnostic, 0, n)
	}
	return take(rc, &rc.diags, n)
}

// lineStarts returns an empty array for a line index of n line starts
// (luaast.Parser.LineStarts).
func (rc *recycler) lineStarts(n int) []luaast.Pos { return take(rc, &rc.lines, n) }

// take returns an empty buffer of capacity at least n from *list (one of
// rc's lists), or a new one when none fits: of the full capacity of the
// allocation's size class, which costs nothing now and lets the buffer
// serve more files later.
func take[T any](rc *recycler, list *[][]T, n int) []T {
	rc.mu.Lock()
	b := takeFit(list, n)
	rc.mu.Unlock()
	if b == nil {
		b = slices.Grow([]T(nil), n)
	}
	return b[:0]
}

// put takes back r, its source buffer (when the engine read it) and its
// findings array. The caller no longer uses any of them.
func (rc *recycler) put(r *result) {
	if rc == nil {
		return
	}
	src, diags, lines := r.Src, r.Diagnostics, r.lineBuf
	if !r.ownSrc {
		src = nil // the caller's
	}
	*r = result{}
	// The findings are cleared so that a kept array holds no pointer (the
	// collector would keep what the findings refer to), and the source
	// so that whatever might still point into it reads zeros rather than
	// another file's text (a fault TestCheckStreamRecycling would see);
	// a buffer is reused as it would be new, zero. Outside the lock.
	diags = diags[:cap(diags)]
	if cap(diags) > maxRecycledDiags {
		diags = nil
	}
	clear(diags)
	if cap(src) > maxRecycledSrc {
		src = nil
	}
	// A read writes only the file's bytes: the rest of the buffer is
	// zero still.
	clear(src)
	// The line starts too, so that an index still in use would fail
	// loudly (every line at offset 0) rather than show another file's.
	lines = lines[:cap(lines)]
	if cap(lines) > maxRecycledLines {
		lines = nil
	}
	clear(lines)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.results) < maxRecycled {
		rc.results = append(rc.results, r)
	}
	keepLargest(&rc.srcs, src)
	keepLargest(&rc.diags, diags)
	keepLargest(&rc.lines, lines)
}

// takeFit removes from *list and returns its smallest buffer of capacity
// at least n (nil if none).
func takeFit[T any](list *[][]T, n int) []T {
	best := -1
	for i, b := range *list {
		if cap(b) >= n && (best < 0 || cap(b) < cap((*list)[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	l := *list
	b := l[best]
	last := len(l) - 1
	l[best], l[last] = l[last], nil
	*list = l[:last]
	return b
}

// keepLargest adds b (unless empty) to *list, which holds at most
// maxRecycled buffers: when it is full, b replaces the smallest if it is
// larger.
func keepLargest[T any](list *[][]T, b []T) {
	if cap(b) == 0 {
		return
	}
	if len(*list) < maxRecycled {
		*list = append(*list, b)
		return
	}
	l := *list
	small := 0
	for i := range l {
		if cap(l[i]) < cap(l[small]) {
			small = i
		}
	}
	if cap(b) > cap(l[small]) {
		l[small] = b
	}
}
