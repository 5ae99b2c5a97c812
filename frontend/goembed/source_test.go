package goembed

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// TestFormatted checks how a fmt.Sprintf format becomes a script: each
// verb a placeholder mapped to the verb, %% a percent sign mapped to both
// bytes, and text written back into the format with % doubled.
func TestFormatted(t *testing.T) {
	tests := []struct {
		format string
		// text is the script, P standing for analyzer.PlaceholderName.
		text string
		// verbs are the Go text of each placeholder.
		verbs []string
		ok    bool
	}{
		{format: "`for i=1,#KEYS,%d do end`", text: "for i=1,#KEYS,P do end", verbs: []string{"%d"}, ok: true},
		{format: `"return string.format('%%d', %[1]v,%-5s,%.2f,%*d)"`, text: "return string.format('%d', P,P,P,P)", verbs: []string{"%[1]v", "%-5s", "%.2f", "%*d"}, ok: true},
		{format: `"return 1 %"`, ok: false},
	}
	for _, tt := range tests {
		src := "package p\n\nvar _ = " + tt.format + "\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		lit := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.BasicLit)
		base := token.Pos(fset.File(lit.Pos()).Base())
		ls := &luaSource{}
		if !ls.addLiteral(lit, []byte(src), base) {
			t.Fatalf("%s: addLiteral failed", tt.format)
		}
		out := ls.formatted()
		if (out != nil) != tt.ok {
			t.Fatalf("%s: formatted() = %v, want ok %v", tt.format, out, tt.ok)
		}
		if out == nil {
			continue
		}
		want := ""
		for _, c := range tt.text {
			if c == 'P' {
				want += analyzer.PlaceholderName
			} else {
				want += string(c)
			}
		}
		if string(out.Text) != want {
			t.Errorf("%s: text %q, want %q", tt.format, out.Text, want)
		}
		var verbs []string
		for _, p := range out.Placeholders {
			verbs = append(verbs, p.Text)
			if got := src[p.Host.Start-int(base) : p.Host.End-int(base)]; got != p.Text {
				t.Errorf("%s: placeholder %q maps to %q", tt.format, p.Text, got)
			}
			if string(out.Text[p.Lua.Start:p.Lua.End]) != analyzer.PlaceholderName {
				t.Errorf("%s: stand-in %q", tt.format, out.Text[p.Lua.Start:p.Lua.End])
			}
		}
		if len(verbs) != len(tt.verbs) {
			t.Errorf("%s: verbs %q, want %q", tt.format, verbs, tt.verbs)
		} else {
			for i := range verbs {
				if verbs[i] != tt.verbs[i] {
					t.Errorf("%s: verbs %q, want %q", tt.format, verbs, tt.verbs)
				}
			}
		}
		if enc, ok := out.encode("x % 2", 1); !ok || enc != "x %% 2" {
			t.Errorf("%s: encode = %q, %v; want %q", tt.format, enc, ok, "x %% 2")
		}
	}
}
