package redisfacts

import (
	"strings"
	"testing"
)

// TestUnlistedSinceOfMatchesTable checks unlistedSinceOf against the
// table with the name upper-cased by strings.ToUpper, for its names, their
// lower-case forms, near misses and every command name.
func TestUnlistedSinceOfMatchesTable(t *testing.T) {
	var probes []string
	for _, e := range unlistedSince {
		n := e.name
		probes = append(probes, n, strings.ToLower(n), n+"X", n[:len(n)-1], "x"+n, n+".X")
		probes = appendByteNeighbours(probes, n)
	}
	probes = append(probes, commandNames[:]...)
	probes = append(probes, "", "v", strings.Repeat("V", 17), "vrandmemberx1234567")
	for _, p := range probes {
		want, wantOK := unlistedSince.get(strings.ToUpper(p))
		got, gotOK := unlistedSinceOf(p)
		if got != want || gotOK != wantOK {
			t.Errorf("unlistedSinceOf(%q) = %v, %v; want %v, %v", p, got, gotOK, want, wantOK)
		}
	}
}
