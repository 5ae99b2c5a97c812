package rules

import (
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// concat returns the concatenation of parts: how the frequent findings
// build their messages (cheaper than fmt.Sprintf when every part is a
// string).
func concat(parts ...string) string { return strings.Join(parts, "") }

// luaQuote renders s as a short single-quoted Lua string.
func luaQuote(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(q, "'", `\'`) + "'"
}

// oneEditFix returns the fix made of one edit, safe or not (see
// analyzer.Fix.Safe), the fix and its edit in a single allocation:
// unused-variable offers one on most of its findings, the most frequent
// of all.
func oneEditFix(message string, span luaast.Span, newText string, safe bool) []analyzer.Fix {
	fe := &fixAndEdit{}
	fe.edit[0] = analyzer.Edit{Span: span, NewText: newText}
	fe.fix[0] = analyzer.Fix{Message: message, Edits: fe.edit[:], Safe: safe}
	return fe.fix[:]
}

// fixAndEdit is a fix of one edit, and the edit, in one allocation.
type fixAndEdit struct {
	fix  [1]analyzer.Fix
	edit [1]analyzer.Edit
}

// reportAt reports msg at node n: Pass.Reportf without the format. The
// frequent findings build their message by concatenation, which costs one
// allocation where fmt.Sprintf costs the boxing of each argument too.
func reportAt(pass *analyzer.Pass, n luaast.Node, msg string) {
	pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(n), Message: msg})
}

// nonexistentGlobalText is Redis's error on reading a global the sandbox
// does not have, up to the name.
const nonexistentGlobalText = "Script attempted to access nonexistent global variable '"

// quotedNonexistentGlobalParts returns quotedNonexistentGlobal(name) in
// three parts, to concatenate with a message's others (see message):
// without an allocation when the name needs no escapes.
func quotedNonexistentGlobalParts(name string) (string, string, string) {
	if needsNoEscape(name) {
		return `"` + nonexistentGlobalText, name, `'"`
	}
	return strconv.Quote(nonexistentGlobalText + name + "'"), "", ""
}

// quotedNonexistentGlobal returns strconv.Quote of that error for name. A
// name that needs no escapes (any name in practice) takes one
// concatenation instead of a concatenation and a quoting.
func quotedNonexistentGlobal(name string) string {
	if needsNoEscape(name) {
		return `"` + nonexistentGlobalText + name + `'"`
	}
	return strconv.Quote(nonexistentGlobalText + name + "'")
}

// serverError returns who raises ("Redis raises ") and the error text of
// the target server.
func serverError(v redisfacts.Version, redisText, valkeyText string) (prefix, text string) {
	if v.Valkey {
		return "Valkey raises ", valkeyText
	}
	return "Redis raises ", redisText
}

// serverRaises says what the target server raises: `Redis raises "text"`, or
// Valkey's wording, which dropped "Redis" from several script errors.
func serverRaises(v redisfacts.Version, redisText, valkeyText string) string {
	prefix, text := serverError(v, redisText, valkeyText)
	// strconv.Quote is what %q does for a string, without fmt's cost, and
	// for the server's plain ASCII texts it only adds the quotes: one
	// concatenation then (wrong-arity and others build this for every
	// finding).
	if needsNoEscape(text) {
		return prefix + `"` + text + `"`
	}
	return prefix + strconv.Quote(text)
}

// needsNoEscape reports whether strconv.Quote(s) is s between double
// quotes: s is printable ASCII without '"' or '\\'.
func needsNoEscape(s string) bool {
	// One table lookup per byte rather than four comparisons: wrong-arity
	// builds its message prefix, with the server's text, for every file.
	for i := range len(s) {
		if !quoteKeeps[s[i]] {
			return false
		}
	}
	return true
}

// quoteKeeps[c] says whether strconv.Quote keeps byte c as is: printable
// ASCII but '"' and '\\'. Never modified.
var quoteKeeps = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// countNoun formats "1 argument" / "2 arguments".
func countNoun(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// appendCountNoun appends countNoun(n, word) to b.
func appendCountNoun(b []byte, n int, word string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	b = append(b, word...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}
