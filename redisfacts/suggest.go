package redisfacts

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/internal/editdist"
)

// Suggest returns the name of the command on v closest to name (by edit
// distance, case-insensitive), or "" if none is close enough: at most one
// edit for names up to four letters, two up to eight, three beyond.
// Subcommands are suggested only for two-word names.
func Suggest(v Version, name string) string {
	want := strings.ToUpper(strings.TrimSpace(name))
	if want == "" {
		return ""
	}
	twoWords := strings.Contains(want, " ")
	limit := editdist.Limit(len(want))
	best, bestDist := "", limit+1
	for i := range commandTable {
		c := &commandTable[i]
		if (c.Container != "") != twoWords || !c.avail.has(v) {
			continue
		}
		if d := editdist.Distance(want, c.Name, bestDist); d < bestDist {
			best, bestDist = c.Name, d
		}
	}
	return best
}
