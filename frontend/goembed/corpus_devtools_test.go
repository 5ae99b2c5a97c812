//go:build devtools

package goembed

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestCorpus runs Find (each file read alone, from its syntax) over the real host files of the corpus
// (REDIS_LUA_LINT_HOST_CORPUS, default /work/corpus/hosts) and prints, per
// file of its manifest, the scripts found against the scripts a careful
// reader counted, and the start lines that differ. It asserts nothing:
// go test -tags devtools -run TestCorpus -v ./frontend/goembed/
func TestCorpus(t *testing.T) {
	root := os.Getenv("REDIS_LUA_LINT_HOST_CORPUS")
	if root == "" {
		root = "/work/corpus/hosts"
	}
	corpusReport(t, root, "go", func(string) frontend.Frontend { return Frontend{} })
}

func corpusReport(t *testing.T, root, lang string, feFor func(string) frontend.Frontend) {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "manifest.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer func() { _ = f.Close() }()
	seen := map[string]bool{}
	var found, want, exact, files, hit int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 6 || cols[0] != lang || seen[cols[3]] {
			continue
		}
		seen[cols[3]] = true
		n, _ := strconv.Atoi(cols[4])
		src, err := os.ReadFile(filepath.Join(root, cols[3]))
		if err != nil {
			t.Logf("%s: %v", cols[3], err)
			continue
		}
		fe := feFor(cols[3])
		res, _ := fe.Find(cols[3], src)
		lines := luaast.NewLineIndex(src)
		got := map[int]bool{}
		for _, s := range res.Scripts {
			got[lines.Position(luaast.Pos(s.Whole.Start)).Line] = true
		}
		wantLines := map[int]bool{}
		for _, l := range strings.Split(cols[5], ",") {
			var k int
			if _, err := fmt.Sscan(l, &k); err == nil {
				wantLines[k] = true
			}
		}
		var extra, missing []int
		for l := range got {
			if !wantLines[l] {
				extra = append(extra, l)
			}
		}
		for l := range wantLines {
			if !got[l] {
				missing = append(missing, l)
			}
		}
		hit += len(wantLines) - len(missing)
		sort.Ints(extra)
		sort.Ints(missing)
		files++
		found += len(res.Scripts)
		want += n
		mark := "  "
		if len(res.Scripts) == n {
			exact++
		} else {
			mark = "!!"
		}
		t.Logf("%s %3d found %3d expected  %s  extra lines %v missing lines %v", mark, len(res.Scripts), n, cols[3], extra, missing)
	}
	t.Logf("%s: %d files, %d scripts found, %d expected, %d found at an expected line, %d files exact", lang, files, found, want, hit, exact)
}
