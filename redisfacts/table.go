package redisfacts

// The lookup tables of this package are sorted slices searched by
// bisection rather than maps: a slice literal of constants is static data
// in the binary, while a map literal is built by code at the start of
// every run, whatever the command (TestTablesSorted keeps them sorted).

// nameSet is a set of names, sorted.
type nameSet []string

// has reports whether name is in the set.
func (s nameSet) has(name string) bool {
	i := search(len(s), func(i int) bool { return less(s[i], name) })
	return i < len(s) && s[i] == name
}

// entry is one row of a table.
type entry[V any] struct {
	name string
	val  V
}

// table maps names to values; its rows are sorted by name.
type table[V any] []entry[V]

// get returns the value of name and whether the table has it.
func (t table[V]) get(name string) (V, bool) {
	i := search(len(t), func(i int) bool { return less(t[i].name, name) })
	if i < len(t) && t[i].name == name {
		return t[i].val, true
	}
	var zero V
	return zero, false
}

// search returns the smallest i in [0, n) for which less(i) is false (n
// if none), like sort.Search with the condition negated. The rules ask the
// sandbox tables about every global they see, and a bisection small
// enough to inline, with its string comparison inlined too, is several
// times cheaper than slices.BinarySearchFunc's generic, out-of-line one.
func search(n int, less func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(mid) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// less reports whether a sorts before b, as a < b does. Most probes of a
// bisection land on a name whose first byte differs from the one sought,
// and comparing that byte inline is several times cheaper than the
// runtime's string comparison, which only the rest need
// (TestLessMatchesStringOrder).
func less[S string | []byte](a string, b S) bool {
	if a != "" && len(b) > 0 && a[0] != b[0] {
		return a[0] < b[0]
	}
	return a < string(b)
}

// names returns the names of the table, in order.
func (t table[V]) names() []string {
	out := make([]string, len(t))
	for i, e := range t {
		out[i] = e.name
	}
	return out
}
