package rules

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var lua51EscapeRule = &analyzer.Rule{
	ID:       "lua51-escape",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a Lua 5.2+ string escape that Lua 5.1 reads as plain letters",
		Rationale: "Redis runs Lua 5.1, which keeps unknown escapes literally: \"\\x41\" is the three bytes " +
			"x41 and \"\\u{48}\" is u{48}, not A and H (verified: EVAL 'return \"\\x41\"' replies x41). " +
			"The script compiles and silently uses the wrong bytes, in a key, a member or a separator. " +
			"Likewise \"a\\z   b\" (5.2's skip-whitespace escape) is \"az   b\" in 5.1. " +
			"Write the byte as a decimal escape, which every Lua version reads the same way: \\065 for " +
			"\\x41, and the UTF-8 bytes of a \\u{...} code point (\\u{E9} is \\195\\169). The suggested fix " +
			"does that, always with three digits so a following digit cannot join the escape.",
		Bad:       "local sep = \"\\x1f\"\nreturn redis.call('GET', KEYS[1] .. sep .. ARGV[1])\n",
		Good:      "local sep = \"\\031\"\nreturn redis.call('GET', KEYS[1] .. sep .. ARGV[1])\n",
		Tags:      []string{"correctness", "lua-version"},
		Precision: "very-high",
		Fixes: "The fixes (a decimal escape for \\x and \\u{...}, removing \\z and the whitespace after it) are not safe: " +
			"they change the bytes of the string, so a key or member the script wrote before is no longer the one it reads; " +
			"`check --fix` leaves them to you (apply them where the old bytes were never stored).",
	},
	Run: runLua51Escape,
}

func init() { register(lua51EscapeRule) }

func runLua51Escape(pass *analyzer.Pass) {
	if pass.File == nil || pass.File.Block == nil || !mayHaveLua52Escape(pass.File.Src) {
		return
	}
	analyzer.Inspector(pass).Preorder(luaast.KindStringLit, func(n luaast.Node) {
		s, ok := n.(*luaast.StringLit)
		// Most strings have no escape at all: IndexByte finds that faster
		// than the byte loop of findLua52Escapes.
		if !ok || s.Long || strings.IndexByte(s.Raw, '\\') < 0 {
			return
		}
		for _, e := range findLua52Escapes(s.Raw) {
			d := analyzer.Diagnostic{
				Span: luaast.Span{Start: s.ValuePos + luaast.Pos(e.start), End: s.ValuePos + luaast.Pos(e.end)},
			}
			text := s.Raw[e.start:e.end]
			kind := "hex escapes are Lua 5.2+"
			if text[1] == 'u' {
				kind = "\\u{...} escapes are Lua 5.3+"
			}
			if text[1] == 'z' {
				// Lua 5.2's \z skips the whitespace after it; 5.1 keeps a z.
				d.Span.End = d.Span.Start + 2
				d.Message = "'\\z' is the letter 'z' in Lua 5.1 (the \\z whitespace skip is Lua 5.2+): remove it and the spaces after it"
				d.Fixes = []analyzer.Fix{{
					Message: "remove '\\z' and the whitespace after it",
					Edits:   []analyzer.Edit{{Span: luaast.Span{Start: d.Span.Start, End: s.ValuePos + luaast.Pos(e.end)}}},
				}}
				pass.Report(d)
				continue
			}
			if e.decimal != "" {
				d.Message = "'" + text + "' is the text '" + text[1:] + "' in Lua 5.1 (" + kind + "): write '" + e.decimal + "'"
				d.Fixes = oneEditFix("replace '"+text+"' with '"+e.decimal+"'", d.Span, e.decimal, false)
			} else {
				d.Message = "'" + text + "' is the text '" + text[1:] + "' in Lua 5.1 (" + kind + "): write the bytes as decimal escapes (\\ddd)"
			}
			pass.Report(d)
		}
	})
}

// mayHaveLua52Escape reports whether src has a backslash followed by x, u
// or z anywhere: every finding is such an escape in a string literal, so
// most files are cleared by a byte search instead of a look at each of
// their strings.
func mayHaveLua52Escape(src []byte) bool {
	for {
		i := bytes.IndexByte(src, '\\')
		if i < 0 || i+1 >= len(src) {
			return false
		}
		switch src[i+1] {
		case 'x', 'u', 'z':
			return true // maybe (an escaped backslash before x is not an escape): look
		}
		src = src[i+1:]
	}
}

// lua52Escape is one \x, \u or \z escape in a quoted string's source
// text.
type lua52Escape struct {
	start, end int // byte offsets in the raw literal
	// decimal is the Lua 5.1 spelling of the intended bytes ("\065"); ""
	// when the escape is malformed even for Lua 5.2+.
	decimal string
}

// findLua52Escapes scans the raw text of a quoted string literal (quotes
// included) for \x, \u and \z escapes (a \z escape's end covers the
// spaces and tabs after it, which Lua 5.2 skips).
func findLua52Escapes(raw string) []lua52Escape {
	var out []lua52Escape
	for i := 1; i+1 < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		switch raw[i+1] {
		case 'x':
			e := lua52Escape{start: i, end: i + 2}
			if i+3 < len(raw) && luaast.IsHexDigit(raw[i+2]) && luaast.IsHexDigit(raw[i+3]) {
				b, _ := strconv.ParseUint(raw[i+2:i+4], 16, 8)
				e.end = i + 4
				e.decimal = fmt.Sprintf("\\%03d", b)
			}
			out = append(out, e)
		case 'u':
			e := lua52Escape{start: i, end: i + 2}
			if i+2 < len(raw) && raw[i+2] == '{' {
				j := i + 3
				for j < len(raw) && luaast.IsHexDigit(raw[j]) {
					j++
				}
				if j < len(raw) && raw[j] == '}' && j > i+3 && j-(i+3) <= 8 {
					e.end = j + 1
					cp, err := strconv.ParseUint(raw[i+3:j], 16, 32)
					if err == nil && cp <= utf8.MaxRune && utf8.ValidRune(rune(cp)) {
						var b strings.Builder
						var buf [utf8.UTFMax]byte
						for _, c := range buf[:utf8.EncodeRune(buf[:], rune(cp))] {
							fmt.Fprintf(&b, "\\%03d", c)
						}
						e.decimal = b.String()
					}
				}
			}
			out = append(out, e)
		case 'z':
			j := i + 2
			for j < len(raw)-1 && (raw[j] == ' ' || raw[j] == '\t') {
				j++
			}
			out = append(out, lua52Escape{start: i, end: j})
		}
		i++ // skip the escaped character (a second backslash included)
	}
	return out
}
