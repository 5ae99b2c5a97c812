package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestRenameTextsOracle checks messages.renameTexts against the plain
// concatenations, with one table for thousands of names: names that
// recur, that share a cache slot (more names than slots), the empty
// name, long names, both kinds of finding in any order, and a start that
// is neither kind (which bypasses the cache).
func TestRenameTextsOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	msgs := messages{t: new(messageTable), looked: true}
	pool := []string{"", "i", "ok", "k", "v", strings.Repeat("long_name", 80)}
	for i := range 3 * renameSlots {
		pool = append(pool, fmt.Sprintf("n%d", i))
	}
	whats := []string{renameLocal, renameLoop, "parameter '"}
	hits := 0
	for range 20000 {
		name := pool[rng.IntN(len(pool))]
		if rng.IntN(4) == 0 {
			name = pool[rng.IntN(8)] // some names recur often
		}
		what := whats[rng.IntN(len(whats))]
		msg, fix := msgs.renameTexts(what, name)
		if want := what + name + renameTail; msg != want {
			t.Fatalf("renameTexts(%q, %q) message = %q, want %q", what, name, msg, want)
		}
		if want := "rename '" + name + "' to '_'"; fix != want {
			t.Fatalf("renameTexts(%q, %q) fix = %q, want %q", what, name, fix, want)
		}
		if e := &msgs.t.renames; *e != nil {
			for _, en := range (*e)[:] {
				if en.name == name && en.fix != "" {
					hits++
					break
				}
			}
		}
	}
	if hits < 10000 {
		t.Fatalf("the cache held the name asked for only %d times", hits)
	}
	// Without a worker's table: plain concatenations.
	none := newMessages(newTestPass(&luaast.File{}))
	if msg, fix := none.renameTexts(renameLocal, "x"); msg != "local 'x"+renameTail || fix != "rename 'x' to '_'" {
		t.Errorf("without a table: %q, %q", msg, fix)
	}
}

// TestRenameTextsReusedSource checks that the cache keeps its own copy
// of each name: the sources are parsed, one after the other, in one
// buffer (so their names are substrings of memory that the next file
// overwrites, as the CLI's reader does), with names of the same length
// at the same offsets, and every file's findings must match
// renameFinding (the plain path) for that file.
func TestRenameTextsReusedSource(t *testing.T) {
	buf := make([]byte, 0, 256)
	msgs := messages{t: new(messageTable), looked: true}
	checked := 0
	for i := range 200 {
		a, b := fmt.Sprintf("a%03d", i%50), fmt.Sprintf("b%03d", (i*7)%50)
		src := "local " + a + ", " + b + " = 1, 2\nfor " + a + " = 1, 3 do end\nreturn 0\n"
		buf = append(buf[:0], src...)
		f, err := luaast.Parse("f.lua", buf)
		if err != nil {
			t.Fatal(err)
		}
		var found []unusedFinding
		for k, v := range collectDeclaredVariables(analyzer.Inspector(newTestPass(f)), nil) {
			what := renameLocal
			if k%2 == 1 || v.Kind == luaast.VarForNum {
				what = renameLoop
			}
			found = append(found, unusedFinding{rename: what, v: v})
		}
		buildRenames(&msgs, found)
		for _, fd := range found {
			msg, fixes := renameFinding(fd.rename, fd.v)
			if fd.msg != msg || !reflect.DeepEqual(fd.fixes, fixes) {
				t.Fatalf("file %d: buildRenames gives %q %+v\nrenameFinding %q %+v", i, fd.msg, fd.fixes, msg, fixes)
			}
			checked++
		}
	}
	if checked < 500 {
		t.Fatalf("only %d findings checked", checked)
	}
}

// refGlobalUses is collectGlobalUsesFrom the plain way: every global
// reference in source order, its parents from the inspector, its
// forbidden and inEval asked of redisfacts, the use appended whole.
func refGlobalUses(f *luaast.File, in *luaast.Inspector, eval redisfacts.GlobalSet) []globalUse {
	var out []globalUse
	ids := slices.Clone(f.Globals)
	slices.SortStableFunc(ids, func(a, b *luaast.Ident) int { return int(a.NamePos - b.NamePos) })
	for k, id := range ids {
		if id.Var != nil || (k > 0 && ids[k-1] == id) {
			continue
		}
		var parent, grand luaast.Node
		if !in.Ancestors(id, func(a luaast.Node) bool {
			if parent == nil {
				parent = a
				return true
			}
			grand = a
			return false
		}) {
			continue
		}
		u := globalUse{id: id, inEval: eval.Has(id.Name), evalKnown: true}
		_, u.forbidden = redisfacts.SandboxForbidden(id.Name)
		u.classify(parent, grand)
		out = append(out, u)
	}
	return out
}

// TestGlobalUsesInPlaceOracle checks collectGlobalUsesFrom (uses built
// in place in a buffer reused from file to file, parents from the script
// index's references) against refGlobalUses on the test sources, broken
// ones included (references a syntax error cut off the tree are dropped,
// and must leave nothing behind in the buffer).
func TestGlobalUsesInPlaceOracle(t *testing.T) {
	eval := redisfacts.Globals(redisfacts.DefaultVersion, redisfacts.EvalScript)
	var buf reuseSlice[globalUse]
	files, uses := 0, 0
	for name, src := range scopeSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		pass := newTestPass(f)
		in := analyzer.Inspector(pass)
		got := collectGlobalUsesFrom(f, analyzer.Script(pass).GlobalRefs(), in, &eval, &buf)
		want := refGlobalUses(f, in, eval)
		if len(got) != len(want) {
			t.Fatalf("%s: %d uses, want %d", name, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: use %d = %+v, want %+v", name, i, got[i], want[i])
			}
		}
		// Past the uses kept, the buffer holds nothing of the file.
		full := got[:cap(got)]
		for i := len(got); i < len(full); i++ {
			if full[i] != (globalUse{}) {
				t.Fatalf("%s: buffer slot %d past the %d uses holds %+v", name, i, len(got), full[i])
			}
		}
		buf.Release()
		files++
		uses += len(got)
	}
	if files < 100 || uses < 1000 {
		t.Fatalf("only %d files, %d uses checked", files, uses)
	}
}

// TestMessageTableAnalysis checks that the rules' messages use the
// worker's table, through the per-file analysis as through messagesOf:
// the same table for every rule and file of a worker, none without one.
func TestMessageTableAnalysis(t *testing.T) {
	f, _ := luaast.Parse("f.lua", []byte("local a = 1\n"))
	m := newMessages(newTestPass(f))
	if m.table() != nil || messagesOf(newTestPass(f)) != nil {
		t.Fatalf("a pass without a worker has a message table")
	}
	// With a worker: a rule that records the table each rule run sees.
	var seen []*messageTable
	var direct []*messageTable
	probe := &analyzer.Rule{
		ID:       "zz-probe",
		Severity: analyzer.SeverityInfo,
		Run: func(pass *analyzer.Pass) {
			m := newMessages(pass)
			seen = append(seen, m.table())
			direct = append(direct, messagesOf(pass))
			pass.Reportf(pass.File.Block, "%s", m.concat("probe ", pass.File.Name))
		},
	}
	eng := analyzer.NewEngine([]*analyzer.Rule{probe}, analyzer.DefaultConfig("."), 1)
	var srcs []analyzer.Source
	for i := range 5 {
		srcs = append(srcs, analyzer.Source{Path: fmt.Sprintf("f%d.lua", i), Src: []byte("return 1\n")})
	}
	res := eng.CheckFiles(t.Context(), srcs)
	if len(seen) != len(srcs) {
		t.Fatalf("probe ran %d times for %d files", len(seen), len(srcs))
	}
	for i := range seen {
		if seen[i] == nil || seen[i] != direct[i] || seen[i] != seen[0] {
			t.Fatalf("run %d: table %p, messagesOf %p, first %p", i, seen[i], direct[i], seen[0])
		}
	}
	for i, r := range res {
		if len(r.Diagnostics) != 1 || r.Diagnostics[0].Message != "probe "+r.Path {
			t.Fatalf("file %d: %+v", i, r.Diagnostics)
		}
	}
}

// TestWrongArgsRaises compares the constant texts of wrong-arity's
// server error with serverRaises, for every known version.
func TestWrongArgsRaises(t *testing.T) {
	for _, vs := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(vs)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := wrongArgsRaises(v), serverRaises(v, wrongArgsRedis, wrongArgsValkey); got != want {
			t.Errorf("%s: wrongArgsRaises = %q, want %q", vs, got, want)
		}
	}
}

// TestSpaceBytesTable compares hasSpaceByte with strings.ContainsAny on
// every byte alone and inside names.
func TestSpaceBytesTable(t *testing.T) {
	for c := range 256 {
		for _, s := range []string{string([]byte{byte(c)}), "GET" + string([]byte{byte(c)}), string([]byte{byte(c)}) + "SET x", "hget"} {
			if got, want := hasSpaceByte(s), strings.ContainsAny(s, " \t\r\n"); got != want {
				t.Errorf("hasSpaceByte(%q) = %v, want %v", s, got, want)
			}
		}
	}
}
