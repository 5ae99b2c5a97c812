package frontendtest

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// CorpusEnv names the host corpus's directory (default DefaultCorpus): a
// manifest.tsv and, below it, the files it lists.
const CorpusEnv = "REDIS_LUA_LINT_HOST_CORPUS"

// DefaultCorpus is where the host corpus is when CorpusEnv is not set.
const DefaultCorpus = "/work/corpus/hosts"

// ManifestRow is one file of the corpus manifest with the scripts a
// careful reader counted in it.
type ManifestRow struct {
	Lang, File string
	Scripts    int
	// Lines are the lines the scripts start on.
	Lines []int
	// LinesText is the manifest's lines column as written.
	LinesText string
}

// ReadManifest reads the rows of the manifest at path whose lang is
// lang, each file once, in the manifest's order. Its columns are named
// by its header line (lang, file, script_count, lines); a row whose
// count does not read is passed over.
func ReadManifest(path, lang string) ([]ManifestRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	col := map[string]int{}
	seen := map[string]bool{}
	var out []ManifestRow
	field := func(fields []string, name string) string {
		if i, ok := col[name]; ok && i < len(fields) {
			return strings.TrimSpace(fields[i])
		}
		return ""
	}
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(col) == 0 {
			for i, h := range fields {
				col[strings.TrimSpace(h)] = i
			}
			continue
		}
		if field(fields, "lang") != lang || seen[field(fields, "file")] {
			continue
		}
		n, err := strconv.Atoi(field(fields, "script_count"))
		if err != nil {
			continue
		}
		r := ManifestRow{Lang: lang, File: field(fields, "file"), Scripts: n, LinesText: field(fields, "lines")}
		for _, l := range strings.Split(r.LinesText, ",") {
			if k, err := strconv.Atoi(strings.TrimSpace(l)); err == nil {
				r.Lines = append(r.Lines, k)
			}
		}
		seen[r.File] = true
		out = append(out, r)
	}
	return out, sc.Err()
}

// Corpus runs the front end feFor gives a file over the files of the
// host corpus whose manifest lang is lang, as the driver does (Find only
// where MayHold), and logs per file the scripts found beside the count of
// the manifest, with the start lines found and not expected (extra) and
// expected and not found (missing), then the totals. It asserts nothing
// (a development aid: go test -tags devtools -run TestCorpus -v); it
// skips without the corpus. $SHOW (a substring of a path) also logs the
// scripts of the files it names.
func Corpus(t *testing.T, lang string, feFor func(path string) frontend.Frontend) {
	t.Helper()
	root := os.Getenv(CorpusEnv)
	if root == "" {
		root = DefaultCorpus
	}
	rows, err := ReadManifest(filepath.Join(root, "manifest.tsv"), lang)
	if err != nil {
		t.Skip(err)
	}
	var found, want, exact, files int
	for _, r := range rows {
		path := filepath.Join(root, filepath.FromSlash(r.File))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Logf("%s: %v", r.File, err)
			continue
		}
		fe := feFor(r.File)
		lines := luaast.NewLineIndex(src)
		got := map[int]bool{}
		n := 0
		if fe.MayHold(src) {
			res, err := fe.Find(r.File, src)
			if err != nil {
				t.Errorf("%s: %v", r.File, err)
			}
			if res != nil {
				n = len(res.Scripts)
				for _, s := range res.Scripts {
					got[lines.Position(luaast.Pos(s.Whole.Start)).Line] = true
				}
				if show := os.Getenv("SHOW"); show != "" && strings.Contains(r.File, show) {
					logScripts(t, lines, res)
				}
			}
			logSyntaxErrors(t, fe, r.File, src)
		}
		expected := map[int]bool{}
		for _, l := range r.Lines {
			expected[l] = true
		}
		extra, missing := lineDiff(got, expected), lineDiff(expected, got)
		files++
		found += n
		want += r.Scripts
		mark := "  "
		if n == r.Scripts {
			exact++
		} else {
			mark = "!!"
		}
		t.Logf("%s %3d found %3d expected  %s  extra lines %v missing lines %v", mark, n, r.Scripts, r.File, extra, missing)
	}
	t.Logf("%s: %d files, %d exact; scripts found %d, expected %d", lang, files, exact, found, want)
}

// lineDiff returns the lines of a not in b, in order.
func lineDiff(a, b map[int]bool) []int {
	var out []int
	for l := range a {
		if !b[l] {
			out = append(out, l)
		}
	}
	sort.Ints(out)
	return out
}

// logScripts logs each script and run-time-built script of res.
func logScripts(t *testing.T, lines *luaast.LineIndex, res *frontend.Found) {
	t.Helper()
	for _, s := range res.Scripts {
		api := "-"
		if s.Call != nil {
			api = s.Call.API
		}
		head := strings.TrimSpace(string(s.Text))
		head = head[:min(len(head), 50)]
		t.Logf("  line %d %s name=%s calls=%d %q", lines.Position(luaast.Pos(s.Whole.Start)).Line, api, s.Name, len(s.Calls), head)
	}
	for _, r := range res.Runtime {
		t.Logf("  runtime line %d %s %s", lines.Position(luaast.Pos(r.Span.Start)).Line, r.API, r.BuiltBy)
	}
}

// logSyntaxErrors logs the syntax errors the scripts of a file raise:
// in a real file, most are a script read wrong.
func logSyntaxErrors(t *testing.T, fe frontend.Frontend, path string, src []byte) {
	t.Helper()
	res, _ := frontend.Check(Engine(), fe, path, src)
	for _, d := range res.Diagnostics {
		if d.RuleID == "syntax-error" {
			t.Logf("%s: %d: %s", path, res.Lines.Position(d.Span.Start).Line, d.Message)
		}
	}
}
