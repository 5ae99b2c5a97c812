package segvalue

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// lit is a literal whose text is written as is.
type lit struct{ Literal }

func (l *lit) Encode(text string) (string, bool) { return text, true }

func TestValueTextAndScript(t *testing.T) {
	src := []byte(`"ab${x}c"`)
	l := &lit{Literal{Form: '"', Span: frontend.Span{Start: 0, End: len(src)}, OK: true}}
	pos := l.Char(src, 1)
	if pos = l.Char(src, pos); pos != 3 {
		t.Fatalf("Char ends at %d, want 3", pos)
	}
	l.Segs = append(l.Segs, Seg{Text: "${x}", From: frontend.Span{Start: 3, End: 7}, PH: true})
	l.Add("c", 7, 8)
	l.Finish(src)
	if got := l.Value(); got != "ab"+analyzer.PlaceholderName+"c" {
		t.Fatalf("Value = %q", got)
	}
	var v Value[*lit]
	b := frontend.NewBudget(100)
	v.Put(b, l.Span, Part[*lit]{Lit: l, Segs: l.Segs}, Part[*lit]{Text: "-", From: frontend.Span{Start: 8, End: 9}})
	v.Span = l.Span
	tests := []struct{ name, got, want string }{
		{"text", v.Text(), "ab" + analyzer.PlaceholderName + "c-"},
		{"script", string(v.Script(nil).Text), "ab" + analyzer.PlaceholderName + "c-"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestPutTakesBudget(t *testing.T) {
	tests := []struct {
		name  string
		spent bool
		parts int
	}{
		{"budget left", false, 2},
		{"budget spent", true, 0},
	}
	for _, tt := range tests {
		b := frontend.NewBudget(0)
		if tt.spent {
			b.Take(frontend.BudgetFor(0), frontend.Span{})
		}
		var v Value[*lit]
		v.Put(b, frontend.Span{}, Part[*lit]{Text: "a"}, Part[*lit]{})
		if len(v.Parts) != tt.parts {
			t.Errorf("%s: %d parts, want %d", tt.name, len(v.Parts), tt.parts)
		}
	}
}
