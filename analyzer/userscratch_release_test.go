package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestScratchReleasesEveryUserBuffer: scratch.release releases every
// buffer made through Pass.Scratch exactly once per file (the buffers are
// released from a list kept beside the map by key), however often and in
// whatever order their keys are asked for.
func TestScratchReleasesEveryUserBuffer(t *testing.T) {
	type key struct{ n int }
	f, err := luaast.Parse("t.lua", []byte("return 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	var sc scratch
	made := map[key]*countingBuffer{}
	for file := 1; file <= 3; file++ {
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		p.scratch = &sc
		// The first file asks for keys 0-2, the next ones also for
		// newer keys, each key several times.
		for _, n := range []int{2, 0, 1, 2, 0, file + 2, file + 2} {
			b := p.Scratch(key{n}, func() ScratchBuffer { return new(countingBuffer) }).(*countingBuffer)
			if old, ok := made[key{n}]; ok && old != b {
				t.Fatalf("file %d: key %d gave a new buffer", file, n)
			}
			made[key{n}] = b
		}
		sc.release()
		for k, b := range made {
			first := max(k.n-2, 1) // the file that made the buffer
			if want := file - first + 1; b.releases != want {
				t.Errorf("file %d: buffer %d released %d times, want %d", file, k.n, b.releases, want)
			}
		}
	}
	if len(sc.userList) != len(sc.user) {
		t.Errorf("%d buffers listed for release, %d by key", len(sc.userList), len(sc.user))
	}
}
