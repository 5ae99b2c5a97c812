package clike

import (
	"strings"
	"testing"
)

// toyLex tokenizes a tiny C-like language: names, numbers, "..." strings
// without escapes, and one-character punctuation (`+=`, `=>` kept whole).
func toyLex(src string) []Token {
	var toks []Token
	nl := false
	for i := 0; i < len(src); {
		c := src[i]
		start := i
		kind := Punct
		var lit *Lit
		switch {
		case c == '\n':
			nl = true
			i++
			continue
		case c == ' ':
			i++
			continue
		case c == '"':
			j := strings.IndexByte(src[i+1:], '"') + i + 1
			lit = &Lit{Span: Span{i, j + 1}, Encode: func(s string) (string, bool) { return s, true }}
			for k := i + 1; k < j; k++ {
				lit.Pieces = append(lit.Pieces, Piece{Text: src[k : k+1], From: Span{k, k + 1}})
			}
			kind, i = Str, j+1
		case c >= '0' && c <= '9':
			kind = Number
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				i++
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			kind = Ident
			for i < len(src) && (src[i] == '_' || src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z' || src[i] >= '0' && src[i] <= '9') {
				i++
			}
		case strings.HasPrefix(src[i:], "+=") || strings.HasPrefix(src[i:], "=>"):
			i += 2
		default:
			i++
		}
		toks = append(toks, Token{Kind: kind, Span: Span{start, i}, Text: src[start:i], Lit: lit, NL: nl})
		nl = false
	}
	return append(toks, Token{Kind: EOF, Span: Span{len(src), len(src)}})
}

var toyAPIs = []API{
	{Name: "eval", Shape: func(p *Parser, c *Call) Shape {
		sh := NoKeys(0)
		if len(c.Args) > 1 {
			if n, ok := p.IntArg(c.Args[1]); ok {
				sh.NumKeys, sh.NumKeysArg = n, 1
			} else if keys, ok := p.ListArg(c.Args[1]); ok {
				sh.Keys, sh.KeysKnown, sh.KeysSpan = keys, true, p.ArgSpan(c.Args[1])
			}
		}
		return sh
	}},
	{Name: "Script", Role: Wrap},
	{Name: "run", Role: Run, ObjectOnly: true},
}

func find(src string) Result {
	return Find(NewParser([]byte(src), toyLex(src), &Config{APIs: toyAPIs}))
}

func TestFindScripts(t *testing.T) {
	for _, c := range []struct {
		name, src string
		texts     []string
		calls     int // scripts with a call site
		runtime   int
	}{
		{"constant chain", `A = "redis.call(1) " +` + "\n" + `  "return 2";`, []string{"redis.call(1) return 2"}, 0, 0},
		{"constant in a chain", `P = "local a = 1 "; S = P + "return redis.call(2)";`, []string{"local a = 1 return redis.call(2)"}, 0, 0},
		{"mention only", `A = "see redis.io"; B = "redis.call later";`, nil, 0, 0},
		{"call through a name", `S = "return 1"; x.eval(S, 1, "k");`, []string{"return 1"}, 1, 0},
		{"one script, two calls", `S = "return 1"; x.eval(S, 1); x.eval(S, 2);`, []string{"return 1"}, 1, 0},
		{"run-time part", `x.eval("return " + v, 0);`, []string{"return "}, 1, 1},
		{"constant part", `x.eval("return " + MAX + 1, 0);`, []string{"return "}, 1, 0},
		{"script object", `o = Script("return 3"); x.run(o, listOf("a"));`, []string{"return 3"}, 1, 0},
		{"object only", `x.run("return redis.call(4)");`, []string{"return redis.call(4)"}, 0, 0},
		{"bare word", `x.eval("scriptId", 1);`, nil, 0, 0},
		{"assertion argument", `assertEquals("redis.call(5)", s);`, nil, 0, 0},
		{"appended name", `S = "redis.call(6)"; S += more; x.eval(S, 0);`, []string{"redis.call(6)"}, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := find(c.src)
			var texts []string
			calls := 0
			for _, s := range res.Scripts {
				texts = append(texts, s.Value.Text())
				if s.Call != nil {
					calls++
				}
			}
			if strings.Join(texts, "|") != strings.Join(c.texts, "|") {
				t.Errorf("scripts %q, want %q", texts, c.texts)
			}
			if calls != c.calls || len(res.Runtime) != c.runtime {
				t.Errorf("%d calls, %d run-time; want %d, %d", calls, len(res.Runtime), c.calls, c.runtime)
			}
		})
	}
}

func TestCallSites(t *testing.T) {
	res := find(`S = "return 1"; x.eval(S, 2); x.eval(S, listOf("a", k));`)
	if len(res.Scripts) != 1 || res.Scripts[0].Call == nil || len(res.Scripts[0].Calls) != 1 {
		t.Fatalf("want one script with two calls: %+v", res.Scripts)
	}
	if n := res.Scripts[0].Call.NumKeys; n != 2 {
		t.Errorf("NumKeys = %d, want 2", n)
	}
	keys := res.Scripts[0].Calls[0]
	if !keys.KeysKnown || len(keys.Keys) != 2 || !keys.Keys[0].Known || keys.Keys[0].Value != "a" || keys.Keys[1].Known {
		t.Errorf("keys = %+v", keys)
	}
}

func TestLookupNearest(t *testing.T) {
	src := `S = "redis.call(1)"; x.eval(S, 0); S = "redis.call(2)"; x.eval(S, 0);`
	res := find(src)
	if len(res.Scripts) != 2 || res.Scripts[0].Value.Text() != "redis.call(1)" || res.Scripts[1].Value.Text() != "redis.call(2)" {
		t.Fatalf("each call takes the assignment before it: %+v", res.Scripts)
	}
}

func TestHostSpans(t *testing.T) {
	src := `A = "ab" + v + "cd";`
	res := find(src + ` x.eval(A, 0);`)
	v := res.Scripts[0].Value
	var got []string
	for _, p := range v.Pieces {
		got = append(got, src[p.From.Start:p.From.End])
	}
	if strings.Join(got, ",") != "a,b,v,c,d" {
		t.Errorf("host texts %q", got)
	}
	if v.Span != (Span{4, 19}) {
		t.Errorf("span %v, want the chain", v.Span)
	}
}
