package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestScratchSliceRelease checks that a released buffer holds nothing of
// the file that used it, however the file used it, and keeps its memory
// for the next file unless it grew past maxReuse.
func TestScratchSliceRelease(t *testing.T) {
	id := &luaast.Ident{Name: "x"}
	fill := func(s []*luaast.Ident, n int) []*luaast.Ident {
		for range n {
			s = append(s, id)
		}
		return s
	}
	tests := []struct {
		name string
		use  func(b *ScratchSlice[*luaast.Ident])
		// kept is whether the memory is kept for the next file.
		kept bool
	}{
		{"kept", func(b *ScratchSlice[*luaast.Ident]) { b.Keep(fill(b.Get(8), 5)) }, true},
		{"grown past Get's room", func(b *ScratchSlice[*luaast.Ident]) { b.Keep(fill(b.Get(2), 40)) }, true},
		// An analysis that panicked before Keep: all of what Get
		// handed out may have been written.
		{"not kept", func(b *ScratchSlice[*luaast.Ident]) { fill(b.Get(8), 8) }, true},
		{"nil kept after writes", func(b *ScratchSlice[*luaast.Ident]) { fill(b.Get(8), 8); b.Keep(nil) }, true},
		{"shortened", func(b *ScratchSlice[*luaast.Ident]) { b.Keep(fill(b.Get(8), 8)); b.Keep(nil) }, true},
		{"huge", func(b *ScratchSlice[*luaast.Ident]) { b.Keep(fill(b.Get(maxReuse+1), 3)) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b ScratchSlice[*luaast.Ident]
			// A previous file made the buffer 8 long and released it.
			b.Keep(fill(b.Get(8), 8))
			b.Release()
			tt.use(&b)
			b.Release()
			s := b.Get(0)
			if got := cap(s) > 0; got != tt.kept {
				t.Fatalf("memory kept = %v (capacity %d), want %v", got, cap(s), tt.kept)
			}
			for i, v := range s[:cap(s)] {
				if v != nil {
					t.Fatalf("the released buffer still holds a node at %d of %d", i, cap(s))
				}
			}
		})
	}
}

// TestScratchSliceKeep checks what Keep returns: the kept slice, in the
// buffer's memory, valid until Release.
func TestScratchSliceKeep(t *testing.T) {
	var b ScratchSlice[int]
	s := append(b.Get(4), 1, 2, 3)
	p := b.Keep(s)
	if len(*p) != 3 || &(*p)[0] != &s[0] {
		t.Fatalf("Keep returned %v, want the kept slice %v", *p, s)
	}
	if q := b.Keep(nil); q != p || len(*q) != 0 || cap(*q) < 3 {
		t.Errorf("Keep(nil) returned %v (capacity %d), want the buffer emptied", *q, cap(*q))
	}
}
