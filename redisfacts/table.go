package redisfacts

import (
	"slices"
	"strings"
)

// The lookup tables of this package are sorted slices searched by
// bisection rather than maps: a slice literal of constants is static data
// in the binary, while a map literal is built by code at the start of
// every run, whatever the command (TestTablesSorted keeps them sorted).

// nameSet is a set of names, sorted.
type nameSet []string

// has reports whether name is in the set.
func (s nameSet) has(name string) bool {
	_, found := slices.BinarySearch(s, name)
	return found
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
	i, found := slices.BinarySearchFunc(t, name, func(e entry[V], name string) int { return strings.Compare(e.name, name) })
	if !found {
		var zero V
		return zero, false
	}
	return t[i].val, true
}

// names returns the names of the table, in order.
func (t table[V]) names() []string {
	out := make([]string, len(t))
	for i, e := range t {
		out[i] = e.name
	}
	return out
}
