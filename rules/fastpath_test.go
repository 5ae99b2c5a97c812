package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The rules replace a few library calls on their per-file path with
// hand-written equivalents; these tests keep the library calls as oracles.

// markdownCodeRegexp is what quoteMarkdownCode replaced.
var markdownCodeRegexp = regexp.MustCompile("`!?([^`]*)`")

// commandTableTexts returns the replaced_by texts and the version strings
// of every command the facts know, on every known version.
func commandTableTexts(t *testing.T) (replacedBy, versions []string) {
	t.Helper()
	for _, name := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range redisfacts.Commands(v) {
			replacedBy = append(replacedBy, c.ReplacedBy)
			versions = append(versions, c.DeprecatedSince, c.Since)
			for i := range c.Args {
				for _, valkey := range []bool{false, true} {
					if s, ok := c.Args[i].FirstVersion(valkey); ok {
						versions = append(versions, s)
					}
				}
			}
		}
	}
	if len(replacedBy) < 100 {
		t.Fatalf("only %d commands", len(replacedBy))
	}
	return replacedBy, versions
}

func TestQuoteMarkdownCode(t *testing.T) {
	texts, _ := commandTableTexts(t)
	texts = append(texts, "", "plain", "`A`", "`!A`", "`!`", "``", "a `b", "a `b` c `d", "`a``b`", "`!!x` and `!y`z",
		"x ` y ` z", "é `ü` ö", "`a\nb`")
	for _, s := range texts {
		if got, want := quoteMarkdownCode(s), markdownCodeRegexp.ReplaceAllString(s, "'$1'"); got != want {
			t.Errorf("quoteMarkdownCode(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestParseMajorMinor(t *testing.T) {
	_, versions := commandTableTexts(t)
	versions = append(versions, "", "7", "7.", ".2", "7.2", "7.2.0", "10.12.3", " 7.2", "+7.2", "-1.2", "7.-2",
		"7.2x", "7.2 ", "7..2", "x7.2", "1234567890.1", "1.1234567890", "007.08", "7.2.0-rc1")
	for _, s := range versions {
		for _, valkey := range []bool{false, true} {
			got, gotOK := parseMajorMinor(valkey, s)
			var major, minor int
			_, err := fmt.Sscanf(s, "%d.%d", &major, &minor)
			want := redisfacts.Version{Valkey: valkey, Major: major, Minor: minor}
			if gotOK != (err == nil) || (gotOK && got != want) {
				t.Errorf("parseMajorMinor(%v, %q) = %v, %v; Sscanf gives %v, %v", valkey, s, got, gotOK, want, err)
			}
		}
	}
}

func TestServerRaisesQuotes(t *testing.T) {
	for _, text := range []string{"", "plain text", `with "quotes"`, `back\slash`, "tab\there", "é", "\x7f", "new\nline"} {
		for _, valkey := range []bool{false, true} {
			v := redisfacts.Version{Valkey: valkey, Major: 8}
			want := "Redis raises " + strconv.Quote(text)
			if valkey {
				want = "Valkey raises " + strconv.Quote(text)
			}
			if got := serverRaises(v, text, text); got != want {
				t.Errorf("serverRaises(%v, %q) = %q, want %q", v, text, got, want)
			}
			var b strings.Builder
			writeServerRaises(&b, v, text, text)
			if got := b.String(); got != want {
				t.Errorf("writeServerRaises(%v, %q) wrote %q, want %q", v, text, got, want)
			}
		}
	}
}

func TestKeysArgvRaise(t *testing.T) {
	for _, name := range []string{"KEYS", "ARGV"} {
		text := "Script attempted to access nonexistent global variable '" + name + "'"
		for _, valkey := range []bool{false, true} {
			v := redisfacts.Version{Valkey: valkey, Major: 8}
			if got, want := keysArgvRaise(valkey, name == "ARGV"), serverRaises(v, text, text); got != want {
				t.Errorf("keysArgvRaise(%v, %s) = %q, want %q", valkey, name, got, want)
			}
		}
	}
}

func TestQuotedNonexistentGlobal(t *testing.T) {
	for _, name := range []string{"tonumber", "x", "", "é", `a"b`, `a\b`, "a\tb"} {
		want := strconv.Quote("Script attempted to access nonexistent global variable '" + name + "'")
		if got := quotedNonexistentGlobal(name); got != want {
			t.Errorf("quotedNonexistentGlobal(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestConstantServerErrors(t *testing.T) {
	for _, valkey := range []bool{false, true} {
		v := redisfacts.Version{Valkey: valkey, Major: 8}
		if got, want := unknownCommandRaises(v), serverRaises(v, "Unknown Redis command called from script", "Unknown command called from script"); got != want {
			t.Errorf("unknownCommandRaises(%v) = %q, want %q", v, got, want)
		}
		if got, want := argumentsRefusedRaises(v), serverRaises(v, "Lua redis lib command arguments must be strings or integers", "Command arguments must be strings or integers"); got != want {
			t.Errorf("argumentsRefusedRaises(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestWhileCondMayEnd checks that a while loop whose condition is not a
// constant-true literal always has an exit by FlowInfo.LoopHasExit, which
// unbounded-loop no longer asks for such loops.
func TestWhileCondMayEnd(t *testing.T) {
	checked := 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		flow := analyzer.Flow(pass)
		analyzer.Inspector(pass).Preorder(luaast.KindWhileStmt|luaast.KindRepeatStmt, func(n luaast.Node) {
			st, ok := n.(luaast.Stmt)
			if !ok || !whileCondMayEnd(st) {
				return
			}
			checked++
			if !flow.LoopHasExit(st) {
				t.Errorf("%s: the while loop at %d has a condition that may end it, but LoopHasExit is false", name, st.Pos())
			}
		})
	}
	if checked < 10 {
		t.Errorf("only %d while loops checked", checked)
	}
}

func TestResultIn(t *testing.T) {
	a, b := &luaast.Ident{Name: "a"}, &luaast.Ident{Name: "b"}
	if got := resultIn(nil, []*luaast.Ident{a}); len(*got) != 1 || (*got)[0] != a {
		t.Errorf("without a buffer: %v", *got)
	}
	var buf reuseSlice[*luaast.Ident]
	s := append(buf.Get(2), a, b)
	got := resultIn(&buf, s)
	if len(*got) != 2 || (*got)[1] != b || &(*got)[0] != &s[0] {
		t.Errorf("with a buffer: got %v, want %v in the buffer's memory", *got, s)
	}
	// A nil result (nothing found) with a buffer a file did not release:
	// empty, in the buffer's memory (kept for the next file), and the
	// stale entries cleared by the release.
	if got := resultIn(&buf, nil); len(*got) != 0 || cap(*got) < 2 {
		t.Errorf("nil result: got %v of capacity %d", *got, cap(*got))
	}
	buf.Release()
	if arr := buf.Get(0); cap(arr) < 2 || arr[:2][0] != nil || arr[:2][1] != nil {
		t.Errorf("after Release, the buffer holds %v", arr[:cap(arr)])
	}
}

// TestMayHaveLua52Escape checks the byte search that lets lua51-escape
// skip a file: it must be true wherever findLua52Escapes finds something.
func TestMayHaveLua52Escape(t *testing.T) {
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		found := false
		luaast.Inspect(f, func(n luaast.Node) bool {
			if s, ok := n.(*luaast.StringLit); ok && !s.Long && len(findLua52Escapes(s.Raw)) > 0 {
				found = true
			}
			return true
		})
		if found && !mayHaveLua52Escape(src) {
			t.Errorf("%s: a string has a Lua 5.2 escape, but mayHaveLua52Escape is false", name)
		}
	}
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{`return "a\n"`, false}, {`return "\x41"`, true}, {`return '\u{41}'`, true}, {"return 'a\\z  b'", true},
		{`return 1`, false}, {`return "\\"`, false}, {`x = "\\x"`, true}, {`return "\`, false},
	} {
		if got := mayHaveLua52Escape([]byte(tt.src)); got != tt.want {
			t.Errorf("mayHaveLua52Escape(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestHasSpaceByte(t *testing.T) {
	for _, s := range []string{"", "GET", "CLIENT KILL", "a\tb", "a\rb", "a\nb", "é", "\xff", "x\u00a0y", " "} {
		if got, want := hasSpaceByte(s), strings.ContainsAny(s, " \t\r\n"); got != want {
			t.Errorf("hasSpaceByte(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNeverArgvString checks the syntax pre-check of argv-tonumber against
// what it stands for: no expression it rules out is an ARGV string by Of.
func TestNeverArgvString(t *testing.T) {
	ruledOut, argv := 0, 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		origins := analyzer.Origins(newTestPass(f))
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			e, ok := n.(luaast.Expr)
			if !ok {
				return true
			}
			isArgv := argvString(origins.Of(e))
			if isArgv {
				argv++
			}
			if neverArgvString(e) {
				ruledOut++
				if isArgv {
					t.Errorf("%s: %T at %d is an ARGV string by Of, but neverArgvString rules it out", name, e, e.Pos())
				}
			}
			return true
		})
	}
	if ruledOut < 100 || argv < 10 {
		t.Errorf("only %d expressions ruled out and %d ARGV strings seen", ruledOut, argv)
	}
}
