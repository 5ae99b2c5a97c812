//go:build devtools

package ruby

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestCorpus runs Find over the real files of the host corpus
// (REDIS_LUA_LINT_HOST_CORPUS, default /work/corpus/hosts/rb) and logs
// the scripts found per file beside the manifest's count:
//
//	go test -tags devtools ./frontend/ruby -run TestCorpus -v
func TestCorpus(t *testing.T) {
	corpusFiles(t, New(), "rb")
}

func corpusFiles(t *testing.T, fe frontend.Frontend, lang string) {
	t.Helper()
	root := os.Getenv("REDIS_LUA_LINT_HOST_CORPUS")
	if root == "" {
		root = "/work/corpus/hosts"
	}
	expected := manifest(filepath.Join(root, "manifest.tsv"))
	found, want := 0, 0
	err := filepath.WalkDir(filepath.Join(root, lang), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != fe.Extensions()[0] {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n := 0
		if fe.MayHold(src) {
			f, err := fe.Find(p, src)
			if err != nil {
				t.Errorf("%s: %v", p, err)
			}
			n = len(f.Scripts)
			if os.Getenv("SHOW") != "" && strings.Contains(p, os.Getenv("SHOW")) {
				lines := luaast.NewLineIndex(src)
				for _, s := range f.Scripts {
					api := "-"
					if s.Call != nil {
						api = s.Call.API
					}
					head := strings.TrimSpace(string(s.Text))
					head = head[:min(len(head), 50)]
					t.Logf("  line %d %s name=%s calls=%d %q", lines.Position(luaast.Pos(s.Whole.Start)).Line, api, s.Name, len(s.Calls), head)
				}
				for _, r := range f.Runtime {
					t.Logf("  runtime line %d %s %s", lines.Position(luaast.Pos(r.Span.Start)).Line, r.API, r.BuiltBy)
				}
			}
			res, _ := frontend.Check(frontendtest.Engine(), fe, p, src)
			for _, d := range res.Diagnostics {
				if d.RuleID == "syntax-error" {
					t.Logf("%s: %d: %s", p, res.Lines.Position(d.Span.Start).Line, d.Message)
				}
			}
		}
		rel, _ := filepath.Rel(root, p)
		exp, ok := expected[filepath.ToSlash(rel)]
		mark := ""
		if ok {
			want += exp
			if exp != n {
				mark = " <-- differs"
			}
		} else {
			exp = -1
		}
		found += n
		t.Logf("%s\tfound %d\texpected %d%s", rel, n, exp, mark)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("total found %d, expected %d", found, want)
}

// manifest reads the manifest's file and script_count columns, named by
// its header line.
func manifest(path string) map[string]int {
	out := map[string]int{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	fileCol, countCol := -1, -1
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if fileCol < 0 {
			for i, h := range fields {
				switch strings.TrimSpace(h) {
				case "file":
					fileCol = i
				case "script_count":
					countCol = i
				}
			}
			if fileCol < 0 || countCol < 0 {
				return out
			}
			continue
		}
		if len(fields) <= max(fileCol, countCol) {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(fields[countCol])); err == nil {
			out[strings.TrimSpace(fields[fileCol])] = n
		}
	}
	return out
}
