package analyzer

import (
	"bytes"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// gluedKeywordHint explains a syntax error at or right after a name made
// of a reserved word and the next word with no space between them
// (`elsebreak`, `thenreturn`, `endlocal`): host code that assembles a
// script from string pieces ("... else" + "break ...") loses the space
// where two pieces meet, and Lua reads one name, then fails on what
// follows it ("'=' expected near ';'"). A name counts when both halves are
// reserved words, or when the error says the reserved word it starts with
// was expected ("'then' expected near 'thenredis'"). Empty otherwise.
func gluedKeywordHint(msg string, src []byte, pos luaast.Pos) string {
	if int(pos) > len(src) || pos < 0 {
		return ""
	}
	expected := ""
	if strings.HasPrefix(msg, "'") {
		if i := strings.Index(msg, "' expected"); i > 1 {
			expected = msg[1:i]
		}
	}
	for _, name := range [2]string{nameAt(src, int(pos)), nameBefore(src, int(pos))} {
		if kw, rest := splitGlued(name, expected); kw != "" {
			return ": '" + name + "' is read as one name; is a space missing between '" + kw + "' and '" + rest + "'?"
		}
	}
	return ""
}

// splitGlued splits name into a reserved word and the rest when the rest
// is a reserved word too, or when the word is the expected one (see
// gluedKeywordHint); "", "" when it does not split so.
//
// The first word is not an operator or a value (and, or, not, nil, true,
// false): names such as notnil or isnil are ordinary variable names.
func splitGlued(name, expected string) (kw, rest string) {
	for i := 2; i < len(name); i++ {
		kw, rest = name[:i], name[i:]
		switch kw {
		case "and", "or", "not", "nil", "true", "false":
			continue
		}
		if luaast.IsReserved(kw) && (luaast.IsReserved(rest) || kw == expected) {
			return kw, rest
		}
	}
	return "", ""
}

// isNameByte reports whether c can be part of a Lua name.
func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// nameAt returns the name that starts at offset p of src ("" when none).
func nameAt(src []byte, p int) string {
	if p >= len(src) || !isNameByte(src[p]) || src[p] >= '0' && src[p] <= '9' || p > 0 && isNameByte(src[p-1]) {
		return ""
	}
	q := p
	for q < len(src) && isNameByte(src[q]) {
		q++
	}
	return string(src[p:q])
}

// nameBefore returns the name that ends right before offset p of src,
// blanks and line breaks between them skipped, when it is not a field or
// method name (x.name, x:name); "" when the previous token is no name.
func nameBefore(src []byte, p int) string {
	q := min(p, len(src))
	for q > 0 && (src[q-1] == ' ' || src[q-1] == '\t' || src[q-1] == '\n' || src[q-1] == '\r') {
		q--
	}
	s := q
	for s > 0 && isNameByte(src[s-1]) {
		s--
	}
	if s == q || src[s] >= '0' && src[s] <= '9' || s > 0 && (src[s-1] == '.' || src[s-1] == ':') {
		return ""
	}
	return string(src[s:q])
}

// placeholderHint explains a syntax error at a parameter placeholder of a
// client library's script template: `@name` (StackExchange.Redis'
// LuaScript.Prepare) or `_:name` (Carmine's lua macro). The client
// replaces them with KEYS[i] and ARGV[i] before Redis sees the script, so
// the file as written is not Lua. Empty for any other error.
func placeholderHint(src []byte, pos luaast.Pos) string {
	p := int(pos)
	if p < 0 || p > len(src) {
		return ""
	}
	const advice = " is a parameter of a client library's script template, replaced before Redis sees the script; lint the script as the client sends it (with KEYS[i] and ARGV[i]), or exclude the template"
	if p+1 < len(src) && src[p] == '@' && isNameByte(src[p+1]) {
		return ": '@" + string(src[p+1:p+1+nameLen(src[p+1:])]) + "' (StackExchange.Redis)" + advice
	}
	// _:name-with-dashes: the error falls inside or right after it.
	s := p
	for s > 0 && (isNameByte(src[s-1]) || src[s-1] == '-') {
		s--
	}
	if s >= 2 && src[s-1] == ':' && src[s-2] == '_' && (s < 3 || !isNameByte(src[s-3])) && s < len(src) && isNameByte(src[s]) {
		e := s
		for e < len(src) && (isNameByte(src[e]) || src[e] == '-') {
			e++
		}
		return ": '_:" + string(src[s:e]) + "' (Carmine)" + advice
	}
	return ""
}

// nameLen is the length of the name bytes b starts with.
func nameLen(b []byte) int {
	n := 0
	for n < len(b) && isNameByte(b[n]) {
		n++
	}
	return n
}

// hostPlaceholderHint explains a syntax error at, inside or right after a
// placeholder of host-language code (see HostPlaceholder): `%s`, `{name}`,
// `${x}`, the `'.$x.'` of a PHP concatenation. Host code fills them in
// before Redis sees the script, so the file as stored is a template, not
// Lua. Empty for any other error.
func hostPlaceholderHint(src []byte, pos luaast.Pos) string {
	p := int(pos)
	if p < 0 || p > len(src) {
		return ""
	}
	lineStart := bytes.LastIndexByte(src[:p], '\n') + 1
	lineEnd := len(src)
	if i := bytes.IndexByte(src[p:], '\n'); i >= 0 {
		lineEnd = p + i
	}
	line := string(src[lineStart:lineEnd])
	at := p - lineStart
	// A placeholder covering the error, touching it (an error on the
	// token after one), or starting right after it (the '.' of '.$x.').
	for i := max(0, at-64); i <= at+1 && i < len(line); i++ {
		n, kind := placeholderAt(line, i)
		if n == 0 || i+n < at {
			continue
		}
		return ": '" + line[i:i+n] + "' is " + kind + " of host-language code, filled in before Redis sees the script: the text is a template; lint the script as it is sent, or exclude the template with the configuration's exclude globs"
	}
	return ""
}
