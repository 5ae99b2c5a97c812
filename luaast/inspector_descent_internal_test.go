package luaast

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// plainFirstDescent is firstDescent written as the plain loop it
// replaces: the oracle of TestFirstDescentOracle.
func plainFirstDescent(keys []int32, from int) int {
	for i := from; i < len(keys); i++ {
		if keys[i] < keys[i-1] {
			return i
		}
	}
	return max(from, len(keys))
}

// TestFirstDescentOracle checks the four-at-a-time scan against the plain
// loop: on every length up to a few groups of four, with no descent and
// with one at every position (each offset within a group, the tail, the
// first and last pair), with equal neighbours (not a descent), several
// descents, and random keys, from every start.
func TestFirstDescentOracle(t *testing.T) {
	check := func(keys []int32) {
		t.Helper()
		for from := 1; from <= len(keys)+1; from++ {
			if got, want := firstDescent(keys, from), plainFirstDescent(keys, from); got != want {
				t.Fatalf("firstDescent(%v, %d) = %d, want %d", keys, from, got, want)
			}
		}
	}
	for n := range 20 {
		sorted := make([]int32, n)
		for i := range sorted {
			sorted[i] = int32(3 * i)
		}
		check(sorted)
		flat := make([]int32, n) // all equal: no descent
		check(flat)
		for d := 1; d < n; d++ {
			keys := slices.Clone(sorted)
			keys[d] = keys[d-1] - 1 // one descent at d
			check(keys)
			keys[d] = keys[d-1] // equal: none
			check(keys)
			if d+2 < n {
				keys[d], keys[d+2] = -5, -7 // several
				check(keys)
			}
		}
	}
	r := rand.New(rand.NewPCG(6, 6))
	for range 2000 {
		keys := make([]int32, r.IntN(40))
		v := int32(0)
		for i := range keys {
			// Mostly rising, as a tree's offsets are, with an
			// occasional drop.
			if r.IntN(12) == 0 {
				v -= int32(r.IntN(20))
			} else {
				v += int32(r.IntN(4))
			}
			keys[i] = v
		}
		check(keys)
	}
	// Extreme values (the fallback's byPos takes offsets past int32, but
	// keys may hold any int32).
	check([]int32{-1 << 31, -1 << 31, 1<<31 - 1, 1<<31 - 1, -1 << 31, 0, 0, 0, 1})
}

// plainSetIndex is setIndex's key pass as it was written before
// firstDescent (a running maximum): the oracle of TestSetIndexOracle.
func plainSetIndex(t *flatTree) {
	keys := t.keys
	prev := int32(-1 << 31)
	for i, k := range keys {
		if k >= prev {
			prev = k
			continue
		}
		if t.info[i].kindBit() != KindFunctionExpr {
			t.fallBackToSorted(i)
			return
		}
		keys[i] = prev
	}
}

// TestSetIndexOracle checks setIndex against the running-maximum pass it
// replaces, on hand-written and generated trees (function statements,
// whose bodies' keys are raised, nested and in tables) and on trees whose
// keys were scrambled so that the fallback is taken: the same keys, or the
// same sorted nodes.
func TestSetIndexOracle(t *testing.T) {
	srcs := [][]byte{
		[]byte(""),
		[]byte("function f() end"),
		[]byte("function a.b.c:d(x) function e() end return function() end end\nlocal t = {function() end, f = function() end}"),
		[]byte("local x = a + a + a + a + a + a + a + a + a\nfunction g(...) return ... end\nfunction h() end"),
	}
	for seed := range uint64(12) {
		srcs = append(srcs, luagen.Generate(seed+600, 200+int(seed)*700))
	}
	for _, src := range srcs {
		f, _ := Parse("t.lua", src)
		var b builder
		b.fill(f)
		for _, scramble := range []int{-1, 0, 1, 2, len(b.pos) / 2, len(b.pos) - 1} {
			got := &flatTree{nodes: b.nodes, info: b.info, keys: slices.Clone(b.pos)}
			want := &flatTree{nodes: b.nodes, info: b.info, keys: slices.Clone(b.pos)}
			if scramble >= 0 && scramble < len(b.pos) && len(b.pos) > 1 {
				// A node before its predecessor (never in a parsed
				// tree): the fallback.
				got.keys[scramble], want.keys[scramble] = -1, -1
			}
			got.setIndex(false)
			plainSetIndex(want)
			if !slices.Equal(got.keys, want.keys) || !slices.Equal(got.byPos, want.byPos) {
				t.Fatalf("%d bytes, scramble %d: setIndex differs from the plain pass", len(src), scramble)
			}
		}
	}
}
