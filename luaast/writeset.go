package luaast

import "slices"

// WriteSet tells which references to a variable are writes. Most
// variables have a few writes: scanning them beats building a map for
// each variable; the map keeps variables with many writes linear.
type WriteSet struct {
	writes []*Ident
	set    map[*Ident]bool // when there are many writes
}

// NewWriteSet returns the WriteSet of v.
func NewWriteSet(v *Variable) WriteSet {
	ws := WriteSet{writes: v.Writes}
	if len(v.Writes) > 8 {
		ws.set = make(map[*Ident]bool, len(v.Writes))
		for _, w := range v.Writes {
			ws.set[w] = true
		}
	}
	return ws
}

// Has reports whether id is one of the writes.
func (ws WriteSet) Has(id *Ident) bool {
	if ws.set != nil {
		return ws.set[id]
	}
	return slices.Contains(ws.writes, id)
}
