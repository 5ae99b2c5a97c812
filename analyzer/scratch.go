package analyzer

// Reusable per-worker memory for the shared analyses (see scratch in
// analyzer.go).
//
// Why: a linter run allocates about 60 bytes per byte of source, and on
// many small files that volume, not the work, is what costs: the garbage
// collector (with -j 2 its mark worker takes a whole core), and the first
// touch of every fresh heap page (a page fault each). The analyses' results
// are needed only while their file is linted (a Diagnostic holds strings
// and spans, never a slice or a record of an analysis), so a worker can
// build the next file's records in the same memory.
//
// Each helper holds one buffer for one use per file, handed out by an
// analysis and taken back by scratch.release when the file is done, which
// clears what was used so that no finished file's tree stays reachable.
// A buffer that a huge file made large is dropped rather than kept
// (maxReuse): such a file is rare, and keeping its memory would raise the
// worker's footprint for the rest of the run.

// maxReuse is the number of elements beyond which a scratch buffer is not
// kept for the next file.
const maxReuse = 1 << 14

// maxReuseMap is maxReuse for maps, lower: emptying a map costs in
// proportion to its capacity, so a large map kept would slow down every
// small file after it.
const maxReuseMap = 1 << 11

// maxChunk is the most records a recordPool allocates at once.
const maxChunk = 1024

// recordPool hands out records of type T from one chunk reused from file to
// file. When a file needs more than the chunk holds, another chunk is
// allocated, larger up to maxChunk records (the earlier one is left to the
// records already handed out), and kept for the next files.
type recordPool[T any] struct {
	buf []T
	n   int // records handed out from buf
}

// take returns a zeroed record, valid until release.
func (p *recordPool[T]) take() *T {
	if p.n == len(p.buf) {
		// Doubling, up to chunks of maxChunk: a huge file then wastes
		// at most part of its last chunk.
		p.buf, p.n = make([]T, min(max(2*len(p.buf), 32), maxChunk)), 0
	}
	r := &p.buf[p.n]
	p.n++
	return r
}

// one returns a slice of one zeroed record, of capacity one (appending
// to it copies), valid until release.
func (p *recordPool[T]) one() []T {
	p.take()
	return p.buf[p.n-1 : p.n : p.n]
}

// release zeroes the records handed out (so they point to nothing) and
// makes them available again. The chunk is kept whatever the file's size:
// it holds at most maxChunk records (a huge file's earlier chunks are
// left to the garbage collector with its tree).
func (p *recordPool[T]) release() {
	clear(p.buf[:p.n])
	p.n = 0
}

// recycle returns s emptied for the next file, with its first used
// elements cleared (so that it points to nothing of the finished file and
// hands out zeroes again), or nil when its capacity is over maxReuse: a
// buffer that a huge file made large is not kept. Every reused buffer is
// released through it.
func recycle[T any](s []T, used int) []T {
	if cap(s) > maxReuse {
		return nil
	}
	clear(s[:used])
	return s[:0]
}

// withRoom returns s emptied when it has room for n elements, else a new
// empty slice with room for n.
func withRoom[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:0]
	}
	return make([]T, 0, n)
}

// sliceBuf is the backing array of one slice that an analysis builds per
// file.
type sliceBuf[T any] struct {
	// s is the slice last kept: its length is what was used.
	s []T
	// dirty is the length of s's prefix that may hold values: what
	// release must clear.
	dirty int
}

// get returns an empty slice with room for n elements (the buffer when it
// is large enough), for the caller to append to and hand back with keep.
func (b *sliceBuf[T]) get(n int) []T {
	// Until keep says how much was used, all of it may be.
	b.dirty = cap(b.s)
	return withRoom(b.s, n)
}

// take returns a zeroed slice of length n (the buffer when it is large
// enough, else a new one that becomes the buffer).
func (b *sliceBuf[T]) take(n int) []T {
	s := b.get(n)[:n]
	// Release cleared it, unless the same file asks again (an analysis
	// computed again after a panic in a rule): cheap insurance.
	clear(s)
	b.keep(s)
	return s
}

// keep records s, got from get and appended to (or from take), as the
// buffer, with its length as the part used: when appending regrew it, its
// array is the larger. A nil s (nothing was appended) keeps the buffer's
// memory for the next file. keep returns a pointer to the kept slice,
// valid (and holding s) until release.
func (b *sliceBuf[T]) keep(s []T) *[]T {
	if s == nil {
		// What get handed out may have been written to all the same:
		// dirty still covers it.
		b.s = b.s[:0]
		return &b.s
	}
	b.s, b.dirty = s, len(s)
	return &b.s
}

// release clears the used part of the buffer (so that it points to
// nothing, and take hands out zeroes) for the next file.
func (b *sliceBuf[T]) release() {
	b.s, b.dirty = recycle(b.s, b.dirty), 0
}

// mapBuf is one map that an analysis builds per file.
type mapBuf[K comparable, V any] struct {
	m map[K]V
	// room is about how many entries m holds without growing: the most
	// it was made for or has held.
	room int
}

// get returns the map, empty, or a new one with room for hint entries
// when it has less (a map grown entry by entry rehashes several times).
func (b *mapBuf[K, V]) get(hint int) map[K]V {
	if b.m == nil || hint > b.room {
		b.m, b.room = make(map[K]V, hint), hint
		return b.m
	}
	// Release emptied it, unless the same file asks again (an analysis
	// computed again after a panic in a rule); clearing an empty map
	// costs nothing.
	clear(b.m)
	return b.m
}

// release empties the map for the next file, or drops it when a large
// file filled it or made it for many entries (see maxReuseMap).
func (b *mapBuf[K, V]) release() {
	if len(b.m) > maxReuseMap || b.room > 2*maxReuseMap {
		b.m, b.room = nil, 0
	} else {
		b.room = max(b.room, len(b.m))
		clear(b.m)
	}
}

// intArena hands out zeroed []int32 cut from a chunk reused from file to
// file (for lists built on demand, one or two per query).
type intArena struct {
	buf []int32 // handed out: buf[:len]; zero: the rest
}

// alloc returns a zeroed slice of length n, of capacity n (appending to it
// copies), valid until release.
func (a *intArena) alloc(n int) []int32 {
	if cap(a.buf)-len(a.buf) < n {
		// A new chunk: the old one stays with the lists cut from it.
		a.buf = make([]int32, 0, max(n, min(2*cap(a.buf), 16*maxChunk), 256))
	}
	l := len(a.buf)
	a.buf = a.buf[:l+n]
	return a.buf[l : l+n : l+n]
}

// release zeroes what was handed out from the current chunk, for reuse.
func (a *intArena) release() {
	a.buf = recycle(a.buf, len(a.buf))
}

// arena hands out zeroed slices of T cut from a chunk reused from file to
// file (for lists that grow past one record, as intArena does for int32,
// but clearing what it handed out on release, for records that point into
// the file's tree).
type arena[T any] struct {
	buf []T // handed out: buf[:len]; zero: the rest
}

// alloc returns a zeroed slice of length n, of capacity n (appending to it
// copies), valid until release.
func (a *arena[T]) alloc(n int) []T {
	if cap(a.buf)-len(a.buf) < n {
		// A new chunk: the old one stays with the slices cut from it.
		// Small at first (a pass without a worker makes its own arenas,
		// often for a few elements), doubling after.
		a.buf = make([]T, 0, max(n, min(2*cap(a.buf), 4*maxChunk), 4))
	}
	l := len(a.buf)
	a.buf = a.buf[:l+n]
	return a.buf[l : l+n : l+n]
}

// grow returns s with room for one more element: s itself when it has
// room, else a copy in the arena with twice its length.
func (a *arena[T]) grow(s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	t := a.alloc(max(2*len(s), 4))[:len(s)]
	copy(t, s)
	return t
}

// release zeroes what was handed out from the current chunk, for reuse.
func (a *arena[T]) release() {
	a.buf = recycle(a.buf, len(a.buf))
}
