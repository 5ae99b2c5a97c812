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
// makes them available again.
func (p *recordPool[T]) release() {
	if len(p.buf) > maxReuse {
		p.buf = nil
	} else {
		clear(p.buf[:p.n])
	}
	p.n = 0
}

// sliceBuf is the backing array of one slice that an analysis builds per
// file.
type sliceBuf[T any] struct {
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
	if cap(b.s) < n {
		return make([]T, 0, n)
	}
	return b.s[:0]
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
// array is the larger.
func (b *sliceBuf[T]) keep(s []T) {
	b.s, b.dirty = s[:0], len(s)
}

// release clears the used part of the buffer (so that it points to
// nothing, and take hands out zeroes) for the next file.
func (b *sliceBuf[T]) release() {
	if cap(b.s) > maxReuse {
		b.s, b.dirty = nil, 0
		return
	}
	clear(b.s[:b.dirty])
	b.dirty = 0
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
	if cap(a.buf) > maxReuse {
		a.buf = nil
		return
	}
	clear(a.buf)
	a.buf = a.buf[:0]
}
