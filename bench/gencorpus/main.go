//go:build devtools

// Command gencorpus writes the benchmark inputs of bench/run.sh: a corpus
// of small, realistic Redis Lua scripts laid out like a repository, a
// single small script (the pre-commit case) and two large files (10 and
// 20 MB) for the linearity check. Everything is derived from -seed with
// internal/luagen, so the same seed always writes the same bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "gencorpus: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	out := flag.String("out", "bench/out", "write the inputs under `DIR`")
	seed := flag.Uint64("seed", 1, "generator seed")
	files := flag.Int("files", 1100, "number of scripts in the corpus")
	corpusBytes := flag.Int("corpus-bytes", 1<<20, "approximate total size of the corpus")
	bigMB := flag.Int("big-mb", 10, "size of the large file in MiB (a second file is twice as large)")
	flag.Parse()
	if *files < 1 || *corpusBytes < 1 || *bigMB < 1 {
		return fmt.Errorf("-files, -corpus-bytes and -big-mb must be positive")
	}
	corpus := filepath.Join(*out, "corpus")
	if err := os.RemoveAll(corpus); err != nil {
		return fmt.Errorf("cannot clear %s: %w", corpus, err)
	}
	n, total, err := writeCorpus(corpus, *seed, *files, *corpusBytes)
	if err != nil {
		return err
	}
	// The pre-commit case: one typical script, about 1 KB.
	one, _ := pickScript(*seed+1_000_003, 900, 1400)
	if err := write(filepath.Join(*out, "one.lua"), one); err != nil {
		return err
	}
	for i, mb := range []int{*bigMB, 2 * *bigMB} {
		src := luagen.Generate(*seed+uint64(i)+7, mb<<20)
		if err := write(filepath.Join(*out, fmt.Sprintf("big%d.lua", mb)), src); err != nil {
			return err
		}
	}
	fmt.Printf("corpus: %d files, %d bytes in %s; one.lua: %d bytes; big files: %d and %d MiB\n",
		n, total, corpus, len(one), *bigMB, 2**bigMB)
	return nil
}

// writeCorpus writes files scripts of about want/files bytes each under
// dir, spread over service directories like a real repository, and a
// .gitignore so that discovery does its ordinary work.
func writeCorpus(dir string, seed uint64, files, want int) (int, int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, fmt.Errorf("cannot create %s: %w", dir, err)
	}
	if err := write(filepath.Join(dir, ".gitignore"), []byte("# build outputs\n/build/\n*.tmp.lua\nnode_modules/\n")); err != nil {
		return 0, 0, err
	}
	// luagen's scripts have a long tail (median 2.4 KB); real repositories
	// of Redis scripts are mostly short ones, so keep scripts up to twice
	// the wanted average, in seed order, until the budget is spent.
	avg := max(want/files, 200)
	total := 0
	s := seed << 20
	for i := range files {
		src, used := pickScript(s, 0, 2*avg)
		s = used + 1
		svc := fmt.Sprintf("service%02d", i%23)
		kind := "scripts"
		if bytes.HasPrefix(src, []byte("#!lua")) {
			kind = "functions"
		}
		path := filepath.Join(dir, svc, kind, fmt.Sprintf("script_%04d.lua", i))
		if err := write(path, src); err != nil {
			return i, total, err
		}
		total += len(src)
	}
	return files, total, nil
}

// pickScript returns the first luagen script from seed on whose size is in
// [lo, hi] bytes, and that script's seed. A script that registers functions becomes a Functions
// library (shebang first line), as Redis requires.
func pickScript(seed uint64, lo, hi int) ([]byte, uint64) {
	for s := seed; ; s++ {
		src := luagen.Script(s)
		if bytes.Contains(src, []byte("redis.register_function")) {
			src = append([]byte(fmt.Sprintf("#!lua name=lib%d\n", s)), src...)
		}
		if len(src) >= lo && len(src) <= hi {
			return src, s
		}
	}
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", filepath.Dir(path), err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}
