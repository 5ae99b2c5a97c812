package analyzer

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// SyntaxDiagnostics turns a parse error into syntax-error findings: every
// error of an ErrorList (the parser decides how many it reports), or one
// for a lone *Error.
func SyntaxDiagnostics(err error, src []byte) []Diagnostic {
	var list luaast.ErrorList
	var single *luaast.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &single):
		list = luaast.ErrorList{single}
	default:
		return nil
	}
	var out []Diagnostic
	for _, e := range list {
		if e == nil {
			continue
		}
		start, end := e.Pos, e.End
		if start < 0 || int(start) > len(src) {
			start = luaast.Pos(len(src))
		}
		if end < start || int(end) > len(src) {
			end = start
		}
		out = append(out, Diagnostic{
			RuleID:   SyntaxErrorRuleID,
			Severity: 0,
			Message:  syntaxMessage(e.Msg, src, start),
			Span:     luaast.Span{Start: start, End: end},
		})
	}
	return out
}

// syntaxMessage is the message of a parse error at start: the parser's,
// worded for Redis, with the hints that explain its cause. A template
// (a directive line, a client library's parameter, a host-language
// placeholder) gets one template hint.
func syntaxMessage(msg string, src []byte, start luaast.Pos) string {
	template, placeholder := templateHint(src, start), placeholderHint(src, start)
	host := ""
	if template == "" && placeholder == "" {
		host = hostPlaceholderHint(src, start)
	}
	return lua52Message(msg) + template + lastStatementHint(msg, src, start) + gluedKeywordHint(msg, src, start) + placeholder + host
}

// lua52VersionRe matches the parser's "is Lua 5.N syntax: Redis runs Lua
// 5.1" wording for a construct of a later Lua. It is compiled on first use
// (only syntax errors need it) rather than at start-up.
var lua52VersionRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(` is Lua 5\.([234]) syntax: Redis runs Lua 5\.1`)
})

// lua52Message words a later-Lua construct's parse error as the rule
// reference does ("... is Lua 5.2+ syntax: Redis runs Lua 5.1"), keeping
// the version that added the construct when it is not 5.2.
func lua52Message(msg string) string {
	if !strings.Contains(msg, " syntax: Redis runs Lua 5.1") {
		return msg
	}
	re := lua52VersionRe()
	return re.ReplaceAllStringFunc(msg, func(m string) string {
		if n := re.FindStringSubmatch(m)[1]; n != "2" {
			return " (Lua 5." + n + ") is Lua 5.2+ syntax: Redis runs Lua 5.1"
		}
		return " is Lua 5.2+ syntax: Redis runs Lua 5.1"
	})
}

// templateHint explains a syntax error on a line that is a template
// directive rather than Lua: script loaders of some libraries render the
// file (ERB's `<%= include_partial "x" %>`, Jinja's `{% include %}`)
// before it reaches Redis, so the file as stored is not a script. The
// hint is empty for any other line.
func templateHint(src []byte, pos luaast.Pos) string {
	if int(pos) > len(src) {
		return ""
	}
	lineStart := bytes.LastIndexByte(src[:pos], '\n') + 1
	line := src[lineStart:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimSpace(line)
	for _, open := range []string{"<%", "{%", "{{"} {
		if bytes.HasPrefix(line, []byte(open)) {
			return ": the line is a template directive, not Lua; lint the rendered script, or exclude the template with the configuration's exclude globs"
		}
	}
	return ""
}

// lastStatementHint explains "'end' expected ... near 'x'" right after a
// line that is a return or break statement: Lua 5.1 accepts no statement
// after them in a block, so code written there is an error, not merely
// unreachable. Empty for any other error.
func lastStatementHint(msg string, src []byte, pos luaast.Pos) string {
	if !strings.Contains(msg, "expected") || int(pos) > len(src) {
		return ""
	}
	// The previous non-blank line, ignoring a trailing "-- comment".
	end := bytes.LastIndexByte(src[:pos], '\n')
	for end > 0 {
		start := bytes.LastIndexByte(src[:end], '\n') + 1
		line := src[start:end]
		if i := bytes.Index(line, []byte("--")); i >= 0 {
			line = line[:i]
		}
		line = bytes.TrimRight(bytes.TrimSpace(line), ";")
		if len(line) == 0 {
			end = start - 1
			continue
		}
		first := line
		if i := bytes.IndexAny(line, " \t("); i >= 0 {
			first = line[:i]
		}
		switch string(first) {
		case "return":
			return " (in Lua 5.1 'return' must be the last statement of its block, so nothing may follow it: remove the code after it, or write 'do return ... end' to return early)"
		case "break":
			return " (in Lua 5.1 'break' must be the last statement of its block, so nothing may follow it: remove the code after it, or write 'do break end' to leave early)"
		}
		return ""
	}
	return ""
}
