package fix

import (
	"bytes"

	"github.com/rogpeppe/go-internal/diff"
)

// Diff returns the unified diff turning old into fixed, as git writes it
// (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context, a
// missing final newline marked), which `git apply` and `patch -p1` take;
// nil when they are equal. path is slash-separated.
func Diff(path string, old, fixed []byte) []byte {
	d := diff.Diff("a/"+path, old, "b/"+path, fixed)
	if d == nil {
		return nil
	}
	// The first line is "diff a/PATH b/PATH", which neither tool needs.
	if i := bytes.IndexByte(d, '\n'); i >= 0 && bytes.HasPrefix(d, []byte("diff ")) {
		d = d[i+1:]
	}
	return d
}
