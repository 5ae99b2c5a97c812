package frontend_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// toy is a host language for the contract's tests: `run("...", N)` runs
// the script in the double-quoted literal (escapes \n, \" and \\; ${x} a
// placeholder) with N keys; `run("...", ["a", "b"])` with those keys;
// `run(x + "...")` is built at run time.
type toy struct{}

func (toy) Language() string        { return "toy" }
func (toy) Extensions() []string    { return []string{".toy"} }
func (toy) MayHold(src []byte) bool { return bytes.Contains(src, []byte("run(")) }

func (toy) Find(path string, src []byte) (*frontend.Found, error) {
	found := &frontend.Found{}
	s := string(src)
	for off := 0; ; {
		i := strings.Index(s[off:], "run(")
		if i < 0 {
			break
		}
		callStart := off + i
		p := callStart + len("run(")
		off = p
		if p < len(s) && s[p] != '"' {
			end := strings.IndexByte(s[p:], ')')
			found.Runtime = append(found.Runtime, frontend.Runtime{API: "run", Span: frontend.Span{Start: p, End: p + end}, BuiltBy: "concatenation with a variable"})
			continue
		}
		var b frontend.Builder
		litStart := p
		lit := b.Literal(frontend.Span{}, func(t string) (string, bool) {
			q := strconv.Quote(t)
			return q[1 : len(q)-1], true
		})
		j := p + 1
		for j < len(s) && s[j] != '"' {
			switch {
			case s[j] == '\\' && j+1 < len(s):
				c := s[j+1]
				if c == 'n' {
					c = '\n'
				}
				b.Add(string(c), frontend.Span{Start: j, End: j + 2}, lit)
				j += 2
			case strings.HasPrefix(s[j:], "${"):
				e := j + strings.IndexByte(s[j:], '}') + 1
				b.AddPlaceholder(s[j:e], frontend.Span{Start: j, End: e})
				j = e
			default:
				b.Add(s[j:j+1], frontend.Span{Start: j, End: j + 1}, lit)
				j++
			}
		}
		whole := frontend.Span{Start: litStart, End: j + 1}
		script := b.Script(whole)
		script.Literals[0].Span = whole
		call := &frontend.CallSite{API: "run", NumKeys: -1}
		rest := s[j+1:]
		closeAt := j + 1 + strings.IndexByte(rest, ')')
		call.Span = frontend.Span{Start: callStart, End: closeAt + 1}
		arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s[j+1:closeAt]), ","))
		argStart := j + 1 + strings.Index(s[j+1:closeAt], arg)
		switch {
		case arg == "":
		case arg[0] == '[':
			call.KeysKnown = true
			call.KeysSpan = frontend.Span{Start: argStart, End: argStart + len(arg)}
			for k := argStart; k < argStart+len(arg); k++ {
				if s[k] != '"' {
					continue
				}
				e := k + 1 + strings.IndexByte(s[k+1:], '"')
				call.Keys = append(call.Keys, frontend.Key{Value: s[k+1 : e], Known: true, Span: frontend.Span{Start: k, End: e + 1}})
				k = e
			}
		default:
			n, err := strconv.Atoi(arg)
			if err == nil {
				call.NumKeys, call.NumKeysSpan = n, frontend.Span{Start: argStart, End: argStart + len(arg)}
			}
		}
		script.Call = call
		found.Scripts = append(found.Scripts, script)
		off = closeAt
	}
	return found, nil
}

func check(t *testing.T, src string) []analyzer.Diagnostic {
	t.Helper()
	res, ok := frontend.Check(frontendtest.Engine(), toy{}, "a.toy", []byte(src))
	if !ok {
		t.Fatalf("Check found no script in %q", src)
	}
	if res.Err != nil {
		t.Fatalf("Check: %v", res.Err)
	}
	return res.Diagnostics
}

// find returns the findings of rule id.
func find(diags []analyzer.Diagnostic, id string) []analyzer.Diagnostic {
	var out []analyzer.Diagnostic
	for _, d := range diags {
		if d.RuleID == id {
			out = append(out, d)
		}
	}
	return out
}

func TestCheckMapsFindingsIntoTheHostFile(t *testing.T) {
	src := `x = 0; run("local a = 1\nreturn \"v\" .. b", 0)`
	diags := check(t, src)
	g := find(diags, "undefined-global")
	if len(g) != 1 {
		t.Fatalf("want one undefined-global, got %v", diags)
	}
	if got := src[g[0].Span.Start:g[0].Span.End]; got != "b" {
		t.Errorf("undefined-global spans %q in the host file, want %q", got, "b")
	}
	u := find(diags, "unused-variable")
	if len(u) != 1 || src[u[0].Span.Start:u[0].Span.End] != "a" {
		t.Fatalf("want unused-variable on 'a', got %v", u)
	}
}

func TestCheckFixesAreEncodedForTheLiteral(t *testing.T) {
	// global-assignment's fix inserts "local "; an edit next to an escape
	// must land between escape sequences, written as the host writes it.
	src := `run("local q = 'a\"'\nx = 1 return x, q", 0)`
	diags := find(check(t, src), "global-assignment")
	if len(diags) != 1 || len(diags[0].Fixes) == 0 {
		t.Fatalf("want a global-assignment with a fix, got %v", diags)
	}
	e := diags[0].Fixes[0].Edits[0]
	fixed := src[:e.Span.Start] + e.NewText + src[e.Span.End:]
	if want := `run("local q = 'a\"'\nlocal x = 1 return x, q", 0)`; fixed != want {
		t.Errorf("fixed host text\n  %s\nwant\n  %s", fixed, want)
	}
}

func TestCheckPlaceholdersCauseNoFinding(t *testing.T) {
	// The placeholder is a global read and a key of unknown origin: on
	// its own it must not be reported.
	src := `run("return redis.call('GET', ${key})", 0)`
	if diags := check(t, src); len(diags) != 0 {
		t.Fatalf("placeholder caused findings: %v", diags)
	}
	// A real problem beside a placeholder still is reported.
	src = `run("local v = redis.call('GET', ${key}) x = v return x", 0)`
	if len(find(check(t, src), "global-assignment")) != 1 {
		t.Fatal("a finding away from the placeholder was lost")
	}
}

func TestCheckSyntaxErrorAtPlaceholderSaysSo(t *testing.T) {
	// A placeholder where a statement stands (host code that returns Lua)
	// is read as a call: no syntax error.
	if diags := check(t, `run("local a = 1\n${body}\nreturn a", 0)`); len(diags) != 0 {
		t.Fatalf("a statement placeholder caused findings: %v", diags)
	}
	// Host code at a statement may declare the names the rest uses: the
	// rules that judge a whole script's names hold back.
	if diags := check(t, `run("${nowCode}\nreturn now + 1", 0)`); len(diags) != 0 {
		t.Fatalf("names the host code may declare were reported: %v", diags)
	}
	// A placeholder between two statements with no space around it (a
	// line separator the host puts there: "1 " + NEW_LINE + "if") glues
	// to the words around it; read as a call apart from them, it parses.
	if diags := check(t, `run("local r = 1 ${nl}if ARGV[1] == 'x' then${nl}r = 2${nl}end${nl}return r", 0)`); len(diags) != 0 {
		t.Fatalf("a placeholder glued to the next word caused findings: %v", diags)
	}
	// A syntax error that no reading of the placeholders mends stays.
	if diags := find(check(t, `run("local r = ${x}\nif r then return", 0)`), analyzer.SyntaxErrorRuleID); len(diags) != 1 {
		t.Errorf("want the script's own syntax error, got %v", diags)
	}
	src := `run("local a = 1 + 1 ${op} 2\nreturn a", 0)`
	diags := find(check(t, src), analyzer.SyntaxErrorRuleID)
	if len(diags) != 1 {
		t.Fatalf("want one syntax error, got %v", diags)
	}
	if !strings.Contains(diags[0].Message, "${op}") || !strings.Contains(diags[0].Message, "host code fills in at run time") {
		t.Errorf("syntax error does not name the placeholder: %s", diags[0].Message)
	}
	// An error away from any placeholder gets no such hint.
	diags = find(check(t, `run("local = ${x}", 0)`), analyzer.SyntaxErrorRuleID)
	if len(diags) != 1 || strings.Contains(diags[0].Message, "fills in at run time") {
		t.Errorf("want a plain syntax error, got %v", diags)
	}
}

func TestCheckHostDirectives(t *testing.T) {
	src := "// redis-lua-lint: ignore global-assignment\nrun(\"x = 1 return x\", 0)\nrun(\"y = 1 return y\", 0)\n"
	diags := find(check(t, src), "global-assignment")
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "'y'") {
		t.Fatalf("the directive must silence the first script only: %v", diags)
	}
	src = "# redis-lua-lint: ignore-file global-assignment -- legacy\nrun(\"x = 1 return x\", 0)\nrun(\"y = 1 return y\", 0)\n"
	if diags := find(check(t, src), "global-assignment"); len(diags) != 0 {
		t.Fatalf("ignore-file must silence every script: %v", diags)
	}
	// A Lua directive inside the script works as in a .lua file.
	src = "run(\"x = 1 -- redis-lua-lint: ignore global-assignment\\nreturn x\", 0)\n"
	if diags := find(check(t, src), "global-assignment"); len(diags) != 0 {
		t.Fatalf("Lua directive ignored: %v", diags)
	}
}

func TestCheckCallSiteRules(t *testing.T) {
	src := `run("return {KEYS[1], KEYS[2]}", 1)`
	diags := find(check(t, src), frontend.NumkeysMismatchRuleID)
	if len(diags) != 1 || src[diags[0].Span.Start:diags[0].Span.End] != "1" {
		t.Fatalf("want numkeys-mismatch on the key count, got %v", diags)
	}
	if len(diags[0].Related) != 1 || src[diags[0].Related[0].Span.Start:diags[0].Related[0].Span.End] != "KEYS[2]" {
		t.Errorf("related location should be KEYS[2]: %v", diags[0].Related)
	}
	if diags := find(check(t, `run("return {KEYS[1], KEYS[2]}", 2)`), frontend.NumkeysMismatchRuleID); len(diags) != 0 {
		t.Errorf("two keys passed: %v", diags)
	}
	src = `run("return {KEYS[1], KEYS[2]}", ["user:1", "user:2"])`
	cross := find(check(t, src), frontend.CrossSlotKeysRuleID)
	if len(cross) != 1 || src[cross[0].Span.Start:cross[0].Span.End] != `"user:2"` {
		t.Fatalf("want cross-slot-keys on the second key, got %v", cross)
	}
	if diags := find(check(t, `run("return {KEYS[1], KEYS[2]}", ["{u}:1", "{u}:2"])`), frontend.CrossSlotKeysRuleID); len(diags) != 0 {
		t.Errorf("hash-tagged keys share a slot: %v", diags)
	}
	rt := find(check(t, `run(prefix + "return 1")`), frontend.ScriptBuiltAtRuntimeRuleID)
	if len(rt) != 1 {
		t.Fatalf("want script-built-at-runtime, got %v", rt)
	}
}

func TestCheckMessagesNameHostLines(t *testing.T) {
	// global-assignment names the line of the first assignment: in a host
	// file, the host line.
	src := "\n\n\nrun(\"x = 1\nx = 2\nreturn x\", 0)"
	diags := find(check(t, src), "global-assignment")
	if len(diags) == 0 {
		t.Fatal("no global-assignment")
	}
	named := false
	for _, d := range diags {
		if strings.Contains(d.Message, "line 1") {
			t.Errorf("message names the script's line, not the host's: %s", d.Message)
		}
		named = named || strings.Contains(d.Message, "(line 4)")
	}
	if !named {
		t.Errorf("no message names host line 4: %v", diags)
	}
}

func TestCheckLibraryPieces(t *testing.T) {
	// A constant that registers a function, with no #!lua line and no call
	// running it as it is, is a piece of a library the host assembles.
	var b frontend.Builder
	text := "redis.register_function('f', function() return 1 end)"
	lit := b.Literal(frontend.Span{Start: 0, End: len(text)}, func(s string) (string, bool) { return s, true })
	for i := range len(text) {
		b.Add(text[i:i+1], frontend.Span{Start: i, End: i + 1}, lit)
	}
	fe := fixed{found: &frontend.Found{Scripts: []*frontend.Script{b.Script(frontend.Span{Start: 0, End: len(text)})}}}
	res, _ := frontend.Check(frontendtest.Engine(), fe, "a.toy", []byte(text))
	if len(res.Diagnostics) != 0 {
		t.Errorf("a library piece was linted as an EVAL script: %v", res.Diagnostics)
	}
}

// fixed is a front end that finds what it is given.
type fixed struct{ found *frontend.Found }

func (fixed) Language() string                               { return "fixed" }
func (fixed) Extensions() []string                           { return []string{".toy"} }
func (fixed) MayHold([]byte) bool                            { return true }
func (f fixed) Find(string, []byte) (*frontend.Found, error) { return f.found, nil }

func TestCheckFileWithoutScript(t *testing.T) {
	if _, ok := frontend.Check(frontendtest.Engine(), toy{}, "a.toy", []byte("nothing here")); ok {
		t.Error("a file without a script must not be reported")
	}
}
