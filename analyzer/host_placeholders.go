package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// PlaceholderName is the Lua text a front end puts where a script embedded
// in a host file has a part the host fills in at run time (`${x}` in a
// JavaScript template, `%s` in a format string): a name, so that the
// script still parses wherever a value stands (an expression, a table
// key, inside a string literal). Findings that touch it are dropped (see
// Target.Placeholders).
const PlaceholderName = "__host_value__"

// touchesPlaceholder reports whether the span s overlaps, or is empty at
// the edge of, one of the sorted placeholder spans.
func touchesPlaceholder(s luaast.Span, placeholders []luaast.Span) bool {
	for _, p := range placeholders {
		if p.Start > s.End {
			break
		}
		if s.Start <= p.End && p.Start <= s.End && (s.Start < p.End && p.Start < s.End || s.Start == s.End) {
			return true
		}
	}
	return false
}

// PlaceholderAt returns the index of the placeholder of src whose span
// holds pos, or that only white space and line comments separate from
// pos, and -1 when there is none: a syntax error there may be the
// placeholder's doing.
func PlaceholderAt(src []byte, pos luaast.Pos, placeholders []luaast.Span) int {
	for i, p := range placeholders {
		if p.Start > pos {
			break
		}
		end := int(p.End)
		for end < len(src) && end < int(pos) {
			switch {
			case src[end] == ' ' || src[end] == '\t' || src[end] == '\n' || src[end] == '\r':
				end++
			case src[end] == '-' && end+1 < len(src) && src[end+1] == '-' && (end+2 >= len(src) || src[end+2] != '['):
				for end < len(src) && src[end] != '\n' {
					end++
				}
			default:
				goto done
			}
		}
	done:
		if pos <= luaast.Pos(end) {
			return i
		}
	}
	return -1
}
