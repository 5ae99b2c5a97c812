package redisfacts

import (
	"math/rand"
	"strings"
	"testing"
)

// refCommandIndex is the reference for commandIndex: the index of name
// in commandNames by a plain scan, or -1.
func refCommandIndex(name string) int {
	for i, n := range &commandNames {
		if n == name {
			return i
		}
	}
	return -1
}

// appendByteNeighbours appends to out the names that differ from n in one
// byte, by one up or down: the near misses a lookup must refuse.
func appendByteNeighbours(out []string, n string) []string {
	for i := range len(n) {
		b := []byte(n)
		b[i]++
		out = append(out, string(b))
		b[i] -= 2
		out = append(out, string(b))
	}
	return out
}

// commandProbes returns every command name and many near misses: each
// name with one byte changed, cut short, extended, in lower case, plus
// random strings.
func commandProbes() []string {
	var out []string
	for _, n := range &commandNames {
		out = append(out, n, strings.ToLower(n), n+"X", n+" ", " "+n, n[:len(n)-1])
		out = appendByteNeighbours(out, n)
	}
	r := rand.New(rand.NewSource(1))
	const alphabet = "ABCDEGHILMNOPRSTUXZ -_|"
	for range 20000 {
		b := make([]byte, r.Intn(14))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return append(out, "", strings.Repeat("A", 40), strings.Repeat("Z", 70))
}

// TestCommandIndexMatchesBisection checks the generated switch, the
// bisection and the byte-slice lookup against the name table.
func TestCommandIndexMatchesBisection(t *testing.T) {
	for i, n := range &commandNames {
		if got := commandIndex(n); got != i {
			t.Errorf("commandIndex(%q) = %d, want %d", n, got, i)
		}
	}
	for _, p := range commandProbes() {
		want := refCommandIndex(p)
		if got := commandIndex(p); got != want {
			t.Errorf("commandIndex(%q) = %d, want %d", p, got, want)
		}
		var wantSpan commandSpan
		if want >= 0 {
			wantSpan = commandSpans[want]
		}
		if got := findCommand(p); got != wantSpan {
			t.Errorf("findCommand(%q) = %v, want %v", p, got, wantSpan)
		}
		if got := findCommandBytes([]byte(p)); got != wantSpan {
			t.Errorf("findCommandBytes(%q) = %v, want %v", p, got, wantSpan)
		}
	}
}
