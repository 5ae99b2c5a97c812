package luaast

import "testing"

func TestWriteSet(t *testing.T) {
	ids := make([]*Ident, 20)
	for i := range ids {
		ids[i] = &Ident{Name: "x"}
	}
	for _, n := range []int{0, 3, 8, 9, 19} {
		v := &Variable{Writes: ids[:n]}
		ws := NewWriteSet(v)
		for i, id := range ids {
			if got, want := ws.Has(id), i < n; got != want {
				t.Errorf("%d writes: has(ids[%d]) = %v, want %v", n, i, got, want)
			}
		}
	}
}
