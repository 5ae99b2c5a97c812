package lint

import (
	"errors"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// templateParams recognises a StackExchange.Redis LuaScript.Prepare
// template (`redis.call('SET', @key, @value)`): a file whose first syntax
// error is at an @name parameter, which the client replaces with KEYS[i]
// or ARGV[i] before Redis sees the script. It returns the text with each
// @name outside strings and comments turned into _name (the same length,
// so every position stays; a global of unknown value, like a host
// placeholder) and the parameters as placeholders, or ok false when the
// file has no such parameter at its first error. The caller still
// checks that the result parses.
func templateParams(src []byte, perr error) (out []byte, ps []Placeholder, ok bool) {
	var first *luaast.Error
	var list luaast.ErrorList
	switch {
	case errors.As(perr, &list) && len(list) > 0:
		first = list[0]
	case errors.As(perr, &first):
	}
	if first == nil {
		return nil, nil, false
	}
	if p := int(first.Pos); !isTemplateParam(src, p) {
		return nil, nil, false
	}
	out = append([]byte(nil), src...)
	for i := 0; i < len(out); {
		switch c := out[i]; {
		case c == '-' && i+1 < len(out) && out[i+1] == '-':
			i = skipComment(out, i+2)
		case c == '\'' || c == '"':
			i = skipQuoted(out, i)
		case c == '[' && longBracketLevel(out, i) >= 0:
			i = skipLong(out, i, longBracketLevel(out, i))
		case c == '@' && isTemplateParam(out, i):
			e := i + 1
			for e < len(out) && isNameChar(out[e]) {
				e++
			}
			ps = append(ps, Placeholder{Span: luaast.Span{Start: luaast.Pos(i), End: luaast.Pos(e)}, Text: string(src[i:e])})
			out[i] = '_'
			i = e
		default:
			i++
		}
	}
	return out, ps, len(ps) > 0
}

// isTemplateParam reports whether src[p] is the @ of a parameter: a name
// follows, and no name character precedes (not user@host).
func isTemplateParam(src []byte, p int) bool {
	return p >= 0 && p+1 < len(src) && src[p] == '@' && isNameChar(src[p+1]) && !(src[p+1] >= '0' && src[p+1] <= '9') &&
		(p == 0 || !isNameChar(src[p-1]))
}

func isNameChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// skipComment returns the index after a comment whose text starts at i
// (after the "--").
func skipComment(b []byte, i int) int {
	if i < len(b) && b[i] == '[' {
		if lvl := longBracketLevel(b, i); lvl >= 0 {
			return skipLong(b, i, lvl)
		}
	}
	for i < len(b) && b[i] != '\n' {
		i++
	}
	return i
}

// skipQuoted returns the index after the quoted string starting at i.
func skipQuoted(b []byte, i int) int {
	q := b[i]
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case q, '\n':
			return i + 1
		}
	}
	return i
}

// longBracketLevel returns the level of the long bracket [==[ at i, or -1.
func longBracketLevel(b []byte, i int) int {
	j := i + 1
	for j < len(b) && b[j] == '=' {
		j++
	}
	if j < len(b) && b[j] == '[' {
		return j - i - 1
	}
	return -1
}

// skipLong returns the index after the long string or comment of level
// lvl that opens at i.
func skipLong(b []byte, i, lvl int) int {
	for j := i + lvl + 2; j < len(b); j++ {
		if b[j] != ']' {
			continue
		}
		k := j + 1
		for k < len(b) && b[k] == '=' {
			k++
		}
		if k-j-1 == lvl && k < len(b) && b[k] == ']' {
			return k + 1
		}
	}
	return len(b)
}
