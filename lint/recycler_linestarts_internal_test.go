package lint

import "testing"

// TestRecyclerLineStarts checks the recycler's line index arrays: a
// request gets an empty array of at least the capacity asked for; an
// array taken back with its result serves a later request no larger,
// cleared first; one over maxRecycledLines is not kept.
func TestRecyclerLineStarts(t *testing.T) {
	rc := new(recycler)
	b := rc.lineStarts(100)
	if len(b) != 0 || cap(b) < 100 {
		t.Fatalf("lineStarts(100): len %d cap %d, want 0 and at least 100", len(b), cap(b))
	}
	b = append(b, 0, 5, 9)
	r := rc.result()
	r.lineBuf = b
	rc.put(r)
	if r.lineBuf != nil {
		t.Errorf("put left the result's line array set")
	}
	again := rc.lineStarts(50)
	if cap(again) != cap(b) || &again[:1][0] != &b[0] {
		t.Fatalf("lineStarts(50) after put: a new array, want the one taken back")
	}
	if got := again[:3]; got[0] != 0 || got[1] != 0 || got[2] != 0 {
		t.Errorf("recycled line array not cleared: %v", got)
	}
	if other := rc.lineStarts(50); cap(other) > 0 && &other[:1][0] == &b[0] {
		t.Errorf("one array handed out twice")
	}

	big := rc.lineStarts(maxRecycledLines + 1)
	r = rc.result()
	r.lineBuf = big
	rc.put(r)
	if len(rc.lines) != 0 {
		t.Errorf("an array of %d line starts was kept, want none over %d", cap(big), maxRecycledLines)
	}
}
