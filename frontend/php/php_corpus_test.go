//go:build devtools

package php

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCorpus compares the scripts Find finds in the real files of
// /work/corpus/hosts (or $HOSTS_CORPUS) with the manifest's counts:
// go test -tags devtools -run TestCorpus -v ./frontend/php
func TestCorpus(t *testing.T) {
	root := os.Getenv("HOSTS_CORPUS")
	if root == "" {
		root = "/work/corpus/hosts"
	}
	mf, err := os.Open(filepath.Join(root, "manifest.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer func() { _ = mf.Close() }()
	sc := bufio.NewScanner(mf)
	var found, want, exact, files int
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 5 || f[0] != "php" {
			continue
		}
		n, err := strconv.Atoi(f[4])
		if err != nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, f[3]))
		if err != nil {
			t.Logf("%s: %v", f[3], err)
			continue
		}
		got := 0
		var lines []string
		if New().MayHold(src) {
			res, _ := New().Find(f[3], src)
			got = len(res.Scripts)
			for _, s := range res.Scripts {
				lines = append(lines, strconv.Itoa(1+strings.Count(string(src[:s.Whole.Start]), "\n")))
			}
		}
		files++
		found += got
		want += n
		mark := "  "
		if got == n {
			exact++
		} else {
			mark = "!!"
		}
		t.Logf("%s %d/%d %s found at %s (expected %s)", mark, got, n, f[3], strings.Join(lines, ","), f[5])
	}
	t.Logf("files %d, exact %d; scripts found %d, expected %d", files, exact, found, want)
}
