package goembed

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// stubImporter type-checks the go-redis stub of testdata and imports the
// standard library from export data.
type stubImporter struct {
	fset *token.FileSet
	std  types.Importer
	pkgs map[string]*types.Package
}

func (im *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	dir := filepath.Join("testdata", "src", filepath.FromSlash(path))
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(files) == 0 {
		return im.std.Import(path)
	}
	var syntax []*ast.File
	for _, f := range files {
		af, err := parser.ParseFile(im.fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, af)
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, syntax, nil)
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}

// checkSources type-checks Go files given in memory (name → content) and
// runs Check on them with every rule and the default configuration.
func checkSources(t *testing.T, files map[string]string) (*token.FileSet, *Result) {
	t.Helper()
	fset := token.NewFileSet()
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var syntax []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, files[n], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		syntax = append(syntax, f)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	im := &stubImporter{fset: fset, std: importer.Default(), pkgs: map[string]*types.Package{}}
	if _, err := (&types.Config{Importer: im}).Check("p", fset, syntax, info); err != nil {
		t.Fatal(err)
	}
	in := &Input{Fset: fset, Files: syntax, Info: info, ReadFile: func(name string) ([]byte, error) {
		src, ok := files[name]
		if !ok {
			return nil, os.ErrNotExist
		}
		return []byte(src), nil
	}}
	return fset, Check(in, lint.NewEngine(rules.All(), lint.DefaultConfig(t.TempDir()), 1))
}

// TestPositions checks that findings land on the exact Go bytes of the
// Lua text they are about, and that fixes are re-encoded for the literal.
func TestPositions(t *testing.T) {
	const header = "package p\n\nimport \"github.com/redis/go-redis/v9\"\n\n"
	tests := []struct {
		name string
		src  string // after header
		// more files of the package
		more map[string]string
		rule string
		// text is the Go source the finding covers; line and col its
		// start (1-based, bytes).
		text      string
		line, col int
		// fixed is the file after applying the finding's first fix ("" for
		// no fix).
		fixed string
	}{
		{
			name: "raw string with CRLF line endings",
			src:  "var s = redis.NewScript(`\r\nlocal x = 1\r\nreturn tonumbr(x)\r\n`)\r\n",
			rule: "undefined-global", text: "tonumbr", line: 7, col: 8,
		},
		{
			name: "interpreted string with escapes before the finding",
			src:  "var s = redis.NewScript(\"local a = '\\t\\u00e9\\x41\\101'\\nreturn tonumbr(a)\")\n",
			rule: "undefined-global", text: "tonumbr", line: 5, col: 63,
		},
		{
			name: "Lua escape written as a Go escape, with its fix",
			src:  "var s = redis.NewScript(\"return '\\\\x41'\")\n",
			rule: "lua51-escape", text: `\\x41`, line: 5, col: 34,
			fixed: header + "var s = redis.NewScript(\"return '\\\\065'\")\n",
		},
		{
			name: "Lua escape in a raw string, with its fix",
			src:  "var s = redis.NewScript(`return '\\x41'`)\n",
			rule: "lua51-escape", text: `\x41`, line: 5, col: 34,
			fixed: header + "var s = redis.NewScript(`return '\\065'`)\n",
		},
		{
			name: "concatenated constants map into each part",
			src:  "const a = \"local x = 1\\n\"\n\nconst b = a + `return tonumbr(x)`\n\nvar s = redis.NewScript(b)\n",
			rule: "undefined-global", text: "tonumbr", line: 7, col: 23,
		},
		{
			name: "constant declared in another file",
			src:  "var s = redis.NewScript(other)\n",
			more: map[string]string{"other.go": "package p\n\nconst other = \"return tonumbr(1)\"\n"},
			rule: "undefined-global", text: "tonumbr", line: 3, col: 23,
		},
		{
			name: "numkeys at the keys slice",
			src:  "func f(c *redis.Client) {\n\tc.Eval(nil, \"return KEYS[2]\", []string{\"a\"})\n}\n",
			rule: "numkeys-mismatch", text: `[]string{"a"}`, line: 6, col: 32,
		},
		{
			name: "cross-slot at the second key",
			src:  "func f(c *redis.Client) {\n\tc.EvalSha(nil, \"sha\", []string{\"a\", \"{a}b\", \"c\"})\n}\n",
			rule: "cross-slot-keys", text: `"c"`, line: 6, col: 46,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"p.go": header + tt.src}
			for n, s := range tt.more {
				files[n] = s
			}
			fset, res := checkSources(t, files)
			if len(res.Errs) > 0 {
				t.Fatalf("errors: %v", res.Errs)
			}
			var got *Diagnostic
			for i, d := range res.Diagnostics {
				if d.RuleID == tt.rule {
					got = &res.Diagnostics[i]
					break
				}
			}
			if got == nil {
				t.Fatalf("no %s finding in %+v", tt.rule, res.Diagnostics)
			}
			start, end := fset.Position(got.Pos), fset.Position(got.End)
			src := files[start.Filename]
			if text := src[start.Offset:end.Offset]; text != tt.text || start.Line != tt.line || start.Column != tt.col {
				t.Errorf("finding at %d:%d covers %q, want %d:%d %q (%s)", start.Line, start.Column, text, tt.line, tt.col, tt.text, got.Message)
			}
			if tt.fixed == "" {
				return
			}
			if len(got.Fixes) == 0 {
				t.Fatalf("no fix: %+v", got)
			}
			out := src
			edits := got.Fixes[0].Edits
			sort.Slice(edits, func(i, j int) bool { return edits[i].Pos > edits[j].Pos })
			for _, e := range edits {
				s, x := fset.Position(e.Pos).Offset, fset.Position(e.End).Offset
				out = out[:s] + e.NewText + out[x:]
			}
			if out != tt.fixed {
				t.Errorf("fixed:\n%s\nwant:\n%s", out, tt.fixed)
			}
		})
	}
}

func TestLuaSourceMapsEveryByte(t *testing.T) {
	// Every byte of a decoded literal maps inside the literal, and the
	// decoded text equals the Go value.
	for _, lit := range []string{
		"`a\r\nb`", `"a\tb\\c\u00e9\U0001F600\x00\377"`, `""`, "``", "\"\xe2\x82\xac\"",
	} {
		fset := token.NewFileSet()
		src := "package p\nconst c = " + lit + "\n"
		f, err := parser.ParseFile(fset, "x.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		bl := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.BasicLit)
		ls := &luaSource{}
		if !ls.addLiteral(bl, []byte(src), token.Pos(fset.File(bl.Pos()).Base())) {
			t.Errorf("%s: not decoded", lit)
			continue
		}
		want := strings.ReplaceAll(mustUnquote(t, bl.Value), "\r", "")
		if string(ls.Text) != want {
			t.Errorf("%s: decoded %q, want %q", lit, ls.Text, want)
		}
		for i, f := range ls.From {
			if sp := goSpan(f); sp.pos <= bl.Pos() || sp.end >= bl.End() || sp.end <= sp.pos {
				t.Errorf("%s: byte %d maps to [%d, %d), outside the literal's content [%d, %d)", lit, i, sp.pos, sp.end, bl.Pos()+1, bl.End()-1)
			}
		}
	}
}

func mustUnquote(t *testing.T, s string) string {
	t.Helper()
	v, err := strconv.Unquote(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDocExamples keeps the documentation of the call-site rules honest:
// each Doc.Bad, a Go snippet, must produce a finding of its rule and
// Doc.Good none (package rules cannot run Go examples).
func TestDocExamples(t *testing.T) {
	for _, id := range []string{NumkeysMismatchRuleID, CrossSlotKeysRuleID, ScriptBuiltAtRuntimeRuleID} {
		r := rules.ByID(id)
		if r == nil {
			t.Fatalf("rule %q is not registered", id)
		}
		for _, ex := range []struct {
			name, code string
			want       bool
		}{{"Doc.Bad", r.Doc.Bad, true}, {"Doc.Good", r.Doc.Good, false}} {
			src := "package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\nvar _ = fmt.Sprint\n\n" +
				"func f(ctx context.Context, rdb *redis.Client, n int, script string) {\n" + ex.code + "}\n"
			_, res := checkSources(t, map[string]string{"p.go": src})
			n := 0
			for _, d := range res.Diagnostics {
				if d.RuleID == id {
					n++
				}
			}
			if got := n > 0; got != ex.want {
				t.Errorf("%s of %s: %d findings of the rule, want any: %v\n%s", ex.name, id, n, ex.want, ex.code)
			}
		}
	}
}
