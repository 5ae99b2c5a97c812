package redisfacts

import (
	"slices"
	"testing"
)

// TestAppendKeyPositionsKeepsPrefix checks that AppendKeyPositions
// appends exactly what KeyPositions returns and leaves dst's elements
// alone, for every command with argument lists that exercise each key
// spec kind (known words, unknown words, numkeys, keywords).
func TestAppendKeyPositionsKeepsPrefix(t *testing.T) {
	calls := []string{"", "k", "k v", "k ? v", "2 a b", "0", "? a b c", "k STREAMS s1 s2 0 0",
		"dst 2 a b WEIGHTS 1 2", "k BY w_* GET # STORE d", "h p 0 db 5 KEYS a b", "k k k k k k k k"} //nolint:dupword // arguments that repeat a key
	for i := range commandTable {
		c := &commandTable[i]
		for _, rest := range calls {
			argv := args(c.Name + " " + rest)
			if c.Container != "" {
				argv = args(c.Container + " " + c.Subcommand() + " " + rest)
			}
			want, wantComplete := c.KeyPositions(argv)
			prefix := []int{-7, 99, -7}
			dst := slices.Clone(prefix)
			got, complete := c.AppendKeyPositions(dst[:2:len(dst)], argv)
			if complete != wantComplete || !slices.Equal(got[:2], prefix[:2]) || !slices.Equal(got[2:], want) {
				t.Errorf("%s %s: AppendKeyPositions = %v, %v; want [-7 99] + %v, %v", c.Name, rest, got, complete, want, wantComplete)
			}
			if len(want) == 0 && dst[2] != -7 {
				t.Errorf("%s %s: wrote past the positions", c.Name, rest)
			}
		}
	}
}
